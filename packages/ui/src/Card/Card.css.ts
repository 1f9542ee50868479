import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const cardPaddings = ['sm', 'md', 'lg'] as const;
export const cardTones = ['default', 'muted', 'brand'] as const;

export const card = recipe({
  base: {
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.md,
    minWidth: 0,
    borderRadius: vars.radius.lg,
    border: `1px solid ${vars.color.borderSubtle}`,
    color: vars.color.text,
  },
  variants: {
    padding: {
      sm: { padding: vars.space.md },
      md: { padding: vars.space.lg },
      lg: { padding: vars.space.xl },
    },
    tone: {
      default: { background: vars.color.surface },
      muted: { background: vars.color.surfaceMuted },
      brand: { background: vars.color.brandSoft, borderColor: vars.color.brandSoftHover },
    },
    elevated: { true: { boxShadow: vars.shadow.md, borderColor: 'transparent' }, false: {} },
  },
  defaultVariants: { padding: 'md', tone: 'default', elevated: false },
});

export type CardRecipeVariants = NonNullable<RecipeVariants<typeof card>>;

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});
export const title = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
});
