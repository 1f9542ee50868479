import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const badgeTones = ['neutral', 'brand', 'success', 'warning', 'danger'] as const;

const toneColors = {
  neutral: { background: vars.color.surfaceMuted, color: vars.color.textMuted },
  brand: { background: vars.color.brandSoft, color: vars.color.brandText },
  success: { background: vars.color.successSoft, color: vars.color.successText },
  warning: { background: vars.color.warningSoft, color: vars.color.warningText },
  danger: { background: vars.color.dangerSoft, color: vars.color.danger },
};

export const badge = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xxs,
    padding: '0.2em 0.65em',
    borderRadius: vars.radius.pill,
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.bold,
    lineHeight: vars.lineHeight.tight,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: toneColors,
    solid: {
      true: {},
      false: {},
    },
  },
  compoundVariants: [
    {
      variants: { tone: 'brand', solid: true },
      style: { background: vars.color.brand, color: vars.color.onBrand },
    },
    {
      variants: { tone: 'success', solid: true },
      style: { background: vars.color.success, color: vars.color.onBrand },
    },
    {
      variants: { tone: 'danger', solid: true },
      style: { background: vars.color.danger, color: vars.color.onBrand },
    },
  ],
  defaultVariants: { tone: 'neutral', solid: false },
});

export type BadgeRecipeVariants = NonNullable<RecipeVariants<typeof badge>>;

export const statusTag = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.45em',
    padding: '0.2em 0.6em',
    borderRadius: vars.radius.sm,
    fontSize: vars.fontSize.sm,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
  },
  variants: { tone: toneColors },
  defaultVariants: { tone: 'neutral' },
});

export const dot = style({
  width: '0.5em',
  height: '0.5em',
  borderRadius: vars.radius.pill,
  background: 'currentColor',
  flexShrink: 0,
});
