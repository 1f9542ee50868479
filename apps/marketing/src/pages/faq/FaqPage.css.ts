import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: vars.space.xl,
});
export const item = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.surface,
});
export const question = style({
  cursor: 'pointer',
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.md,
  marginBottom: vars.space.xs,
});
