import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const group = style({
  border: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
});
export const legend = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.md,
  marginBottom: vars.space.sm,
  padding: 0,
});
export const option = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  border: `1px solid ${vars.color.borderControl}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  background: vars.color.surface,
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft },
  },
});
export const label = style({ display: 'block', fontWeight: vars.fontWeight.medium });
export const desc = style({
  display: 'block',
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  marginTop: vars.space.xxs,
});
