import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css.ts';

export const group = style({ margin: 0, padding: 0, border: 0, minWidth: 0 });

export const legend = style({
  marginBottom: vars.space.md,
  padding: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, max(2.6rem, 240px)), 1fr))',
  gap: vars.space.md,
});

export const card = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  cursor: 'pointer',
  transition: `border-color ${vars.duration.fast}, box-shadow ${vars.duration.fast}`,
  selectors: {
    '&:hover': { borderColor: vars.color.brand },
    '&:has(input:focus-visible)': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
    '&:has(input:checked)': {
      borderColor: vars.color.brand,
      background: vars.color.brandSoft,
      boxShadow: vars.shadow.brand,
    },
    '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const top = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
});

export const name = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

/** A visible radio mark, so the selected state is not shown by colour alone. */
export const mark = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '1.25em',
  height: '1.25em',
  borderRadius: vars.radius.pill,
  border: `2px solid ${vars.color.borderControl}`,
  background: vars.color.surface,
  selectors: {
    [`${card}:has(input:checked) &`]: {
      borderColor: vars.color.brand,
      boxShadow: `inset 0 0 0 0.22em ${vars.color.surface}`,
      background: vars.color.brand,
    },
  },
});

export const devices = style({
  margin: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const features = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const feature = style({
  display: 'block',
  paddingLeft: '1.2em',
  position: 'relative',
  '::before': { content: '"✓"', position: 'absolute', left: 0, color: vars.color.success },
});

export const ribbon = style({
  position: 'absolute',
  top: 0,
  right: vars.space.lg,
  transform: 'translateY(-50%)',
});
