import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const track = style({
  height: 10,
  borderRadius: vars.radius.pill,
  background: vars.color.skeleton,
  overflow: 'hidden',
});

const bar = style({
  height: '100%',
  borderRadius: vars.radius.pill,
  transition: `width ${vars.duration.normal}`,
});

export const tone = styleVariants({
  normal: [bar, { background: vars.color.brand }],
  warning: [bar, { background: vars.color.warningText }],
  danger: [bar, { background: vars.color.danger }],
});
