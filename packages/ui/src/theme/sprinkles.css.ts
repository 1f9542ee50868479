import { createSprinkles, defineProperties } from '@vanilla-extract/sprinkles';
import { desktopQuery } from './breakpoints.ts';
import { vars } from './theme.css.ts';

/** Layout atoms. `mobile` is the default condition; `desktop` starts above 960 px. */
const layoutProperties = defineProperties({
  conditions: {
    mobile: {},
    desktop: { '@media': desktopQuery },
  },
  defaultCondition: 'mobile',
  responsiveArray: ['mobile', 'desktop'],
  properties: {
    display: ['none', 'block', 'inline-block', 'flex', 'inline-flex', 'grid'],
    flexDirection: ['row', 'column', 'row-reverse', 'column-reverse'],
    flexWrap: ['wrap', 'nowrap'],
    alignItems: ['stretch', 'flex-start', 'center', 'flex-end', 'baseline'],
    justifyContent: ['stretch', 'flex-start', 'center', 'flex-end', 'space-between'],
    textAlign: ['left', 'center', 'right'],
    gap: vars.space,
    paddingTop: vars.space,
    paddingBottom: vars.space,
    paddingLeft: vars.space,
    paddingRight: vars.space,
    marginTop: vars.space,
    marginBottom: vars.space,
    marginLeft: { ...vars.space, auto: 'auto' },
    marginRight: { ...vars.space, auto: 'auto' },
    fontSize: vars.fontSize,
    width: { full: '100%', auto: 'auto' },
  },
  shorthands: {
    padding: ['paddingTop', 'paddingBottom', 'paddingLeft', 'paddingRight'],
    paddingX: ['paddingLeft', 'paddingRight'],
    paddingY: ['paddingTop', 'paddingBottom'],
    margin: ['marginTop', 'marginBottom', 'marginLeft', 'marginRight'],
    marginX: ['marginLeft', 'marginRight'],
    marginY: ['marginTop', 'marginBottom'],
  },
});

const colorProperties = defineProperties({
  properties: {
    color: vars.color,
    background: vars.color,
    borderRadius: vars.radius,
    fontWeight: vars.fontWeight,
  },
});

export const sprinkles = createSprinkles(layoutProperties, colorProperties);
export type Sprinkles = Parameters<typeof sprinkles>[0];
