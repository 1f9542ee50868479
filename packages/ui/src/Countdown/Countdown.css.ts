import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const countdownSizes = ['sm', 'md', 'lg'] as const;

export const root = recipe({
  base: {
    display: 'inline-flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: vars.space.xs,
    fontVariantNumeric: 'tabular-nums',
  },
  variants: {
    size: {
      sm: { fontSize: vars.fontSize.sm },
      md: { fontSize: vars.fontSize.md },
      lg: { fontSize: vars.fontSize.xl },
    },
  },
  defaultVariants: { size: 'md' },
});

export type CountdownRecipeVariants = NonNullable<RecipeVariants<typeof root>>;

export const segment = style({ display: 'inline-flex', alignItems: 'baseline', gap: '0.2em' });

export const value = style({
  minWidth: '1.6em',
  padding: '0.1em 0.3em',
  borderRadius: vars.radius.sm,
  background: vars.color.brandSoft,
  color: vars.color.brandText,
  fontWeight: vars.fontWeight.bold,
  textAlign: 'center',
});

export const unit = style({ color: vars.color.textMuted, fontSize: '0.85em' });

export const ended = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.medium });
