import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const root = style({
  display: 'inline-flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  maxWidth: '100%',
  minWidth: 0,
});

export const display = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  maxWidth: '100%',
});

export const value = style({ overflowWrap: 'anywhere', minWidth: 0 });

export const editButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: 'max(0.32rem, 28px)',
  height: 'max(0.32rem, 28px)',
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.brandText,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.brandSoft },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const input = style({
  minWidth: 'min(100%, 12em)',
  maxWidth: '100%',
  minHeight: vars.control.sm,
  paddingInline: vars.space.sm,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  fontSize: 'inherit',
  outline: 'none',
  selectors: {
    '&:focus-visible': { boxShadow: `0 0 0 3px ${vars.color.brandSoftHover}` },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    '&[aria-busy="true"]': { cursor: 'progress', opacity: 0.7 },
  },
});

export const error = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});
