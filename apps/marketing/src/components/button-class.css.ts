import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

// A link that looks like the kit's button (it navigates, so it stays a link for assistive tech).
// The kit exports only the Button component, not its class recipe.
export const linkButtonBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  borderRadius: vars.radius.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  border: '1px solid transparent',
  transition: `background ${vars.duration.fast}`,
});

export const linkButtonVariants = styleVariants({
  primary: {
    background: vars.color.brand,
    color: vars.color.onBrand,
    selectors: { '&:hover': { background: vars.color.brandHover } },
  },
  secondary: {
    background: vars.color.surface,
    color: vars.color.brandText,
    borderColor: vars.color.borderControl,
    selectors: { '&:hover': { background: vars.color.brandSoft } },
  },
  ghost: {
    background: 'transparent',
    color: vars.color.brandText,
    selectors: { '&:hover': { background: vars.color.brandSoft } },
  },
});

export const linkButtonSizes = styleVariants({
  sm: { minHeight: vars.control.sm, paddingInline: vars.space.sm, fontSize: vars.fontSize.sm },
  md: { minHeight: vars.control.md, paddingInline: vars.space.md, fontSize: vars.fontSize.sm },
  lg: { minHeight: vars.control.lg, paddingInline: vars.space.lg, fontSize: vars.fontSize.md },
});
