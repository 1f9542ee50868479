import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const linkTones = ['brand', 'neutral', 'inverse'] as const;

export const link = recipe({
  base: {
    textDecoration: 'underline',
    textUnderlineOffset: '0.2em',
    textDecorationThickness: '1px',
    cursor: 'pointer',
    borderRadius: vars.radius.sm,
    outline: 'none',
    selectors: {
      '&:hover': { textDecorationThickness: '2px' },
      '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    },
  },
  variants: {
    tone: {
      brand: { color: vars.color.brandText },
      neutral: { color: vars.color.text },
      inverse: {
        color: vars.color.textInverse,
        selectors: { '&:focus-visible': { outlineColor: vars.color.focusRingInverse } },
      },
    },
    // Navigation links (header, footer) are recognisable by position, so they drop the underline
    // until hover.
    underline: {
      always: {},
      hover: { textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } },
    },
  },
  defaultVariants: { tone: 'brand', underline: 'always' },
});

export type LinkRecipeVariants = NonNullable<RecipeVariants<typeof link>>;
