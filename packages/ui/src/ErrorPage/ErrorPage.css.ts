import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.md,
  minHeight: '60vh',
  padding: `${vars.space.xxl} ${vars.layout.gutter}`,
  textAlign: 'center',
});

export const symbol = style({
  fontSize: vars.fontSize.display,
  color: vars.color.danger,
  lineHeight: 1,
});

export const bigNumber = style({
  margin: 0,
  fontSize: `calc(${vars.fontSize.display} * 2)`,
  fontWeight: vars.fontWeight.bold,
  lineHeight: 1,
  color: vars.color.brand,
  letterSpacing: '-0.02em',
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const text = style({
  margin: 0,
  maxWidth: 'min(100%, 36em)',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const message = style({
  margin: 0,
  maxWidth: 'min(100%, 40em)',
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  textAlign: 'left',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
});
