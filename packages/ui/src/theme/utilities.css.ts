import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Hidden from sight, still read by screen readers. */
export const visuallyHidden = style({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** A visible keyboard focus ring (WCAG 2.4.7), shown for keyboard focus only. */
export const focusRing = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRing}`,
      outlineOffset: '2px',
    },
  },
});

/** The same ring on dark surfaces (header, drawer). */
export const focusRingInverse = style({
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRingInverse}`,
      outlineOffset: '2px',
    },
  },
});
