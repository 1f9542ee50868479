import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

/** The bordered box around the input and its adornments; it shows focus for whatever is inside. */
export const control = style({
  display: 'flex',
  alignItems: 'stretch',
  minHeight: vars.control.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderControl}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:focus-within': {
      borderColor: vars.color.brand,
      boxShadow: `0 0 0 3px ${vars.color.brandSoftHover}`,
    },
    '&[data-invalid="true"]': { borderColor: vars.color.danger },
    '&[data-invalid="true"]:focus-within': { boxShadow: `0 0 0 3px ${vars.color.dangerSoft}` },
    '&[data-disabled="true"]': { background: vars.color.surfaceMuted, cursor: 'not-allowed' },
  },
});

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 0,
  background: 'transparent',
  paddingInline: vars.space.md,
  fontSize: vars.fontSize.md,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&::placeholder': { color: vars.color.textSubtle },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

export const adornment = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
});

/** A button inside the field box (show password, send code): it gets its own inset focus ring. */
export const inlineButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xxs,
  minWidth: vars.control.md,
  paddingInline: vars.space.md,
  border: 0,
  borderLeft: `1px solid ${vars.color.borderSubtle}`,
  background: 'transparent',
  color: vars.color.brandText,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&:hover:not(:disabled)': { background: vars.color.brandSoft },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
    '&:disabled': { color: vars.color.textMuted, cursor: 'not-allowed' },
    '&[aria-busy="true"]': { cursor: 'progress' },
  },
});

export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const error = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.danger,
  fontWeight: vars.fontWeight.medium,
});

/** A multi-line input: the box grows with it, the user may resize it vertically. */
export const textarea = style({
  paddingBlock: vars.space.sm,
  minHeight: '6em',
  resize: 'vertical',
  fontFamily: 'inherit',
  lineHeight: 1.5,
});

/** A native select filling the box (its arrow stays the platform's). */
export const select = style({
  cursor: 'pointer',
  paddingInlineEnd: vars.space.sm,
});
