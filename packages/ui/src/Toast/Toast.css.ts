import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { mobileQuery } from '../theme/breakpoints.ts';
import { vars } from '../theme/theme.css.ts';

const slideIn = keyframes({
  from: { opacity: 0, transform: 'translateY(-8px)' },
  to: { opacity: 1, transform: 'none' },
});

export const viewport = style({
  position: 'fixed',
  top: vars.space.lg,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  width: 'max(4.8rem, 360px)',
  maxWidth: 'calc(100vw - 32px)',
  pointerEvents: 'none',
  '@media': { [mobileQuery]: { top: vars.space.md } },
});

export const list = style({ display: 'contents', margin: 0, padding: 0, listStyle: 'none' });

export const toast = recipe({
  base: {
    pointerEvents: 'auto',
    display: 'flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.md}`,
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: 4,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.md,
    fontSize: vars.fontSize.md,
    animation: `${slideIn} ${vars.duration.normal} ease-out`,
  },
  variants: {
    tone: {
      success: { borderLeftColor: vars.color.success },
      error: { borderLeftColor: vars.color.danger },
      info: { borderLeftColor: vars.color.brand },
    },
  },
});

export type ToastRecipeVariants = NonNullable<RecipeVariants<typeof toast>>;

export const icon = recipe({
  base: { flexShrink: 0, marginTop: '0.15em', fontSize: vars.fontSize.lg, lineHeight: 1 },
  variants: {
    tone: {
      success: { color: vars.color.success },
      error: { color: vars.color.danger },
      info: { color: vars.color.brand },
    },
  },
});

export const message = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const dismiss = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 'max(0.32rem, 28px)',
  height: 'max(0.32rem, 28px)',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});
