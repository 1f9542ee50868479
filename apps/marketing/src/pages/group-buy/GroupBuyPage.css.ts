import { style } from '@vanilla-extract/css';
import { desktopRem, mobileQuery, vars } from '@nimbus/ui/theme';

export const invite = style({
  marginTop: vars.space.lg,
  maxWidth: desktopRem(800),
  '@media': { [mobileQuery]: { maxWidth: '100%' } },
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
});
export const fieldset = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});
export const legend = style({
  fontWeight: vars.fontWeight.bold,
  marginBottom: vars.space.xs,
  padding: 0,
});
export const option = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.borderControl}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft },
  },
});
export const desc = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  marginTop: vars.space.xxs,
});
