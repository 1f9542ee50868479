import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const buttonVariants = ['primary', 'secondary', 'ghost', 'danger'] as const;
export const buttonSizes = ['sm', 'md', 'lg'] as const;

export const button = recipe({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    fontWeight: vars.fontWeight.medium,
    lineHeight: vars.lineHeight.tight,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transition: `background-color ${vars.duration.fast}, border-color ${vars.duration.fast}, color ${vars.duration.fast}`,
    outline: 'none',
    selectors: {
      '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
      '&[aria-busy="true"]': { cursor: 'progress', opacity: 1 },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        boxShadow: vars.shadow.sm,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.brandHover,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.brandActive,
          },
        },
      },
      secondary: {
        background: vars.color.surface,
        color: vars.color.brandText,
        borderColor: vars.color.brand,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.brandSoft,
          },
          '&:active:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.brandSoftHover,
          },
        },
      },
      ghost: {
        background: 'transparent',
        color: vars.color.brandText,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.brandSoft,
          },
        },
      },
      danger: {
        background: vars.color.danger,
        color: vars.color.onBrand,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            background: vars.color.dangerHover,
          },
        },
      },
    },
    size: {
      sm: { minHeight: vars.control.sm, paddingInline: vars.space.sm, fontSize: vars.fontSize.sm },
      md: { minHeight: vars.control.md, paddingInline: vars.space.lg, fontSize: vars.fontSize.md },
      lg: { minHeight: vars.control.lg, paddingInline: vars.space.xl, fontSize: vars.fontSize.lg },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'md', fullWidth: false },
});

export type ButtonRecipeVariants = NonNullable<RecipeVariants<typeof button>>;

export const label = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs });

/**
 * While loading the label stays in place (so the width does not jump) and in the accessibility
 * tree (so the button keeps its name), but is faded out under the spinner.
 */
export const labelLoading = style({ opacity: 0 });
export const spinnerOverlay = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
