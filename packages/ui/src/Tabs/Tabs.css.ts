import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css.ts';

export const tabsVariants = ['line', 'pill'] as const;

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});

export const list = recipe({
  base: {
    display: 'flex',
    gap: vars.space.xxs,
    overflowX: 'auto',
    scrollbarWidth: 'none',
  },
  variants: {
    variant: {
      line: { borderBottom: `1px solid ${vars.color.border}` },
      pill: {
        padding: vars.space.xxs,
        background: vars.color.surfaceMuted,
        borderRadius: vars.radius.lg,
        width: 'fit-content',
        maxWidth: '100%',
      },
    },
    fullWidth: { true: { width: '100%' }, false: {} },
  },
  defaultVariants: { variant: 'line', fullWidth: false },
});

export const trigger = recipe({
  base: {
    flex: '0 0 auto',
    minHeight: vars.control.sm,
    paddingInline: vars.space.md,
    border: 0,
    background: 'transparent',
    color: vars.color.textMuted,
    fontSize: vars.fontSize.md,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    outline: 'none',
    selectors: {
      '&:hover': { color: vars.color.text },
      '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
    },
  },
  variants: {
    variant: {
      line: {
        marginBottom: -1,
        borderBottom: '3px solid transparent',
        selectors: {
          '&[data-state="active"]': {
            color: vars.color.brandText,
            borderBottomColor: vars.color.brand,
          },
        },
      },
      pill: {
        borderRadius: vars.radius.md,
        selectors: {
          '&[data-state="active"]': {
            color: vars.color.brandText,
            background: vars.color.surface,
            boxShadow: vars.shadow.sm,
          },
        },
      },
    },
    fullWidth: { true: { flex: '1 1 0' }, false: {} },
  },
  defaultVariants: { variant: 'line', fullWidth: false },
});

export type TabsRecipeVariants = NonNullable<RecipeVariants<typeof list>>;

export const content = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '4px',
      borderRadius: vars.radius.sm,
    },
  },
});
