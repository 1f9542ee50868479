import { style } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});
