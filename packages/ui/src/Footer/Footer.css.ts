import { style } from '@vanilla-extract/css';
import { mobileQuery } from '../theme/breakpoints.ts';
import { vars } from '../theme/theme.css.ts';

export const footer = style({
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
});

export const inner = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xl,
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.xxl} ${vars.layout.gutter}`,
});

export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1.4fr) repeat(auto-fit, minmax(max(1.6rem, 140px), 1fr))',
  gap: vars.space.xl,
  '@media': {
    [mobileQuery]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.lg },
  },
});

export const brand = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  color: vars.color.textInverseMuted,
  fontSize: vars.fontSize.sm,
  '@media': { [mobileQuery]: { gridColumn: '1 / -1' } },
});

export const columnTitle = style({
  margin: `0 0 ${vars.space.sm}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.textInverse,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const link = style({
  color: vars.color.textInverseMuted,
  fontSize: vars.fontSize.sm,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.textInverse, textDecoration: 'underline' },
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRingInverse}`,
      outlineOffset: '2px',
    },
  },
});

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.surfaceInverseRaised}`,
  color: vars.color.textInverseMuted,
  fontSize: vars.fontSize.sm,
});
