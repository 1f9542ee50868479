import { keyframes, style } from '@vanilla-extract/css';
import { mobileQuery } from '../theme/breakpoints.ts';
import { vars } from '../theme/theme.css.ts';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const wrapper = style({
  width: '100%',
  overflowX: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.lg,
  outline: 'none',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
  '@media': { [mobileQuery]: { overflowX: 'visible', background: 'transparent', border: 0 } },
});

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.fontSize.sm,
  '@media': { [mobileQuery]: { display: 'block' } },
});

export const caption = style({
  padding: `${vars.space.md} ${vars.space.md} 0`,
  textAlign: 'left',
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  '@media': { [mobileQuery]: { display: 'block', padding: `0 0 ${vars.space.sm}` } },
});

/** On 375 px the header row hides (each card labels its own cells) but stays for screen readers. */
export const head = style({
  '@media': {
    [mobileQuery]: {
      position: 'absolute',
      width: 1,
      height: 1,
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      whiteSpace: 'nowrap',
    },
  },
});

export const body = style({
  '@media': { [mobileQuery]: { display: 'flex', flexDirection: 'column', gap: vars.space.sm } },
});

export const row = style({
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  '@media': {
    [mobileQuery]: {
      display: 'flex',
      flexDirection: 'column',
      gap: vars.space.xs,
      padding: vars.space.md,
      border: `1px solid ${vars.color.borderSubtle}`,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
      boxShadow: vars.shadow.sm,
    },
  },
});

export const headerCell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'left',
  whiteSpace: 'nowrap',
});

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  verticalAlign: 'middle',
  // A table column is as wide as its longest word: words are not cut mid-word ("Standa/rd", an
  // IP address) at 1366 px. In the 375 px card layout a long value may still break anywhere.
  overflowWrap: 'break-word',
  '@media': {
    [mobileQuery]: {
      overflowWrap: 'anywhere',
      display: 'flex',
      justifyContent: 'space-between',
      alignItems: 'baseline',
      gap: vars.space.md,
      padding: 0,
      textAlign: 'right',
    },
  },
});

export const alignEnd = style({ textAlign: 'right' });
export const alignCenter = style({ textAlign: 'center' });

/** The column name inside each cell, shown only in the 375 px card layout. */
export const cellLabel = style({
  display: 'none',
  color: vars.color.textMuted,
  textAlign: 'left',
  flexShrink: 0,
  '@media': { [mobileQuery]: { display: 'inline' } },
});

export const emptyCell = style({
  padding: `${vars.space.xl} ${vars.space.md}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  '@media': {
    [mobileQuery]: {
      display: 'block',
      background: vars.color.surface,
      borderRadius: vars.radius.lg,
      border: `1px solid ${vars.color.borderSubtle}`,
    },
  },
});

export const skeleton = style({
  display: 'block',
  height: '0.9em',
  width: '70%',
  borderRadius: vars.radius.sm,
  background: vars.color.skeleton,
  animation: `${pulse} 1.4s ease-in-out infinite`,
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const listItem = style({
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.lg,
});

export const pairs = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, max(1.8rem, 140px)), 1fr))',
  gap: vars.space.sm,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

export const pair = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  minWidth: 0,
});
export const term = style({ color: vars.color.textMuted });
export const definition = style({ margin: 0, overflowWrap: 'anywhere' });
