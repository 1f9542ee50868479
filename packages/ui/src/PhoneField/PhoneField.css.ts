import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

/**
 * The native select sits transparent over a compact "+86" face, so the closed field stays narrow.
 */
export const country = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  height: '100%',
  paddingInline: vars.space.sm,
  borderRight: `1px solid ${vars.color.borderSubtle}`,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:focus-within': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
    '&:hover': { background: vars.color.surfaceMuted },
  },
});

export const select = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  opacity: 0,
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
  selectors: { '&:disabled': { cursor: 'not-allowed' } },
});

export const chevron = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
