import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSoft,
});
export const text = style({ margin: 0, color: vars.color.danger });
