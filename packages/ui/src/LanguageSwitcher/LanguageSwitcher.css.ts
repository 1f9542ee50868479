import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const languageSwitcherTones = ['light', 'dark'] as const;

export const root = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    minHeight: vars.control.sm,
    paddingInline: vars.space.sm,
    borderRadius: vars.radius.md,
    border: '1px solid',
    fontSize: vars.fontSize.sm,
  },
  variants: {
    tone: {
      light: {
        color: vars.color.text,
        borderColor: vars.color.borderControl,
        background: vars.color.surface,
        selectors: {
          '&:focus-within': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
        },
      },
      dark: {
        color: vars.color.textInverse,
        borderColor: vars.color.textInverseMuted,
        background: 'transparent',
        selectors: {
          '&:focus-within': {
            outline: `3px solid ${vars.color.focusRingInverse}`,
            outlineOffset: '2px',
          },
        },
      },
    },
  },
  defaultVariants: { tone: 'light' },
});

export type LanguageSwitcherRecipeVariants = NonNullable<RecipeVariants<typeof root>>;

/**
 * The native select covers the whole control (transparent), so it is the one focus and click
 * target.
 */
export const select = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  opacity: 0,
  cursor: 'pointer',
  fontSize: vars.fontSize.md,
});

export const current = style({ whiteSpace: 'nowrap' });
