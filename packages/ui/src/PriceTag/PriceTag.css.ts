import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const priceTagSizes = ['sm', 'md', 'lg'] as const;

export const root = recipe({
  base: {
    display: 'inline-flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: vars.space.xs,
    rowGap: vars.space.xxs,
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.md },
      md: { fontSize: vars.fontSize.xl },
      lg: { fontSize: vars.fontSize.xxl },
    },
  },
  defaultVariants: { size: 'md' },
});

export type PriceTagRecipeVariants = NonNullable<RecipeVariants<typeof root>>;

export const price = style({
  fontWeight: vars.fontWeight.bold,
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
});
export const period = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });
export const original = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
  textDecorationThickness: '1px',
});
