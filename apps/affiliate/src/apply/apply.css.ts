import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  maxWidth: '40rem',
});
export const fieldset = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const legend = style({
  padding: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});
export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.fontSize.sm });
export const linkRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm });
export const grow = style({ flex: 1, minWidth: 0 });
export const wallet = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const switchLink = style({
  alignSelf: 'flex-start',
  padding: 0,
  border: 0,
  background: 'none',
  color: vars.color.brandText,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
