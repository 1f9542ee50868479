import { style } from '@vanilla-extract/css';
import { vars } from '../src/theme/theme.css.ts';

export const previewFrame = style({
  minHeight: '100vh',
  padding: vars.space.lg,
  background: vars.color.background,
  color: vars.color.text,
});

export const bareFrame = style({
  minHeight: '100vh',
  background: vars.color.background,
  color: vars.color.text,
});
