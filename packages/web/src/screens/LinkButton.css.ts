import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@nimbus/ui/theme';

const focus = {
  '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
};

/** The kit's primary button look, for a call to action that navigates. */
const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: vars.control.md,
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.onBrand,
  fontWeight: vars.fontWeight.medium,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  // A long label (Chinese or English) wraps inside the button instead of leaving a 375 px card.
  maxWidth: '100%',
  boxSizing: 'border-box',
  textAlign: 'center',
  paddingBlock: vars.space.xxs,
  outline: 'none',
  selectors: { ...focus, '&:hover': { background: vars.color.brandHover } },
});

export const linkButton = styleVariants({
  md: [base],
  sm: [
    base,
    { minHeight: vars.control.sm, paddingInline: vars.space.sm, fontSize: vars.fontSize.sm },
  ],
});
