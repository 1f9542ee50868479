import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { mobileQuery } from '../theme/breakpoints.ts';
import { vars } from '../theme/theme.css.ts';

export const dialogSizes = ['sm', 'md', 'lg'] as const;

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });
const riseIn = keyframes({
  from: { opacity: 0, transform: 'translate(-50%, -46%)' },
  to: { opacity: 1, transform: 'translate(-50%, -50%)' },
});

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: vars.z.overlay,
  animation: `${fadeIn} ${vars.duration.normal} ease-out`,
});

export const content = recipe({
  base: {
    position: 'fixed',
    top: '50%',
    left: '50%',
    transform: 'translate(-50%, -50%)',
    zIndex: vars.z.overlay,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    width: 'calc(100vw - 2 * var(--dialog-gutter, 16px))',
    maxHeight: 'calc(100dvh - 2 * var(--dialog-gutter, 16px))',
    overflowY: 'auto',
    padding: vars.space.xl,
    background: vars.color.surface,
    color: vars.color.text,
    borderRadius: vars.radius.xl,
    boxShadow: vars.shadow.lg,
    animation: `${riseIn} ${vars.duration.normal} ease-out`,
    outline: 'none',
    '@media': {
      [mobileQuery]: { padding: vars.space.lg },
    },
  },
  variants: {
    size: {
      sm: { maxWidth: 'max(4.2rem, 400px)' },
      md: { maxWidth: 'max(5.6rem, 520px)' },
      lg: { maxWidth: 'max(8rem, 720px)' },
    },
  },
  defaultVariants: { size: 'md' },
});

export type DialogRecipeVariants = NonNullable<RecipeVariants<typeof content>>;

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
});

export const close = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 'max(0.4rem, 36px)',
  height: 'max(0.4rem, 36px)',
  marginTop: '-4px',
  marginRight: '-8px',
  border: 0,
  borderRadius: vars.radius.pill,
  background: 'transparent',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted, color: vars.color.text },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  '@media': {
    [mobileQuery]: { flexDirection: 'column-reverse', alignItems: 'stretch' },
  },
});
