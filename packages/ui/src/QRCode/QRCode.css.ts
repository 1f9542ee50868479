import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const frame = style({
  display: 'inline-flex',
  padding: vars.space.xs,
  background: '#ffffff',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderSubtle}`,
  lineHeight: 0,
});
