import { keyframes, style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const spinnerSizes = ['sm', 'md', 'lg'] as const;

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: 'inherit',
});

export const circle = recipe({
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: vars.radius.pill,
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: `${spin} 0.8s linear infinite`,
  },
  variants: {
    size: {
      sm: { width: '1em', height: '1em', borderWidth: 2 },
      md: { width: '1.5em', height: '1.5em', borderWidth: 3 },
      lg: { width: '2.5em', height: '2.5em', borderWidth: 4 },
    },
  },
  defaultVariants: { size: 'md' },
});

export type CircleVariants = NonNullable<RecipeVariants<typeof circle>>;
