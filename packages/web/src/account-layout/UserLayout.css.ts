import { style } from '@vanilla-extract/css';
import { desktopQuery, mobileQuery, vars } from '@nimbus/ui/theme';

export const frame = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  width: '100%',
  maxWidth: vars.layout.maxWidth,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.layout.gutter} ${vars.space.xxl}`,
  boxSizing: 'border-box',
  '@media': {
    [desktopQuery]: {
      gridTemplateColumns: 'minmax(12em, 15em) minmax(0, 1fr)',
      alignItems: 'start',
      gap: vars.space.xl,
    },
  },
});

export const content = style({ minWidth: 0 });

export const nav = style({
  '@media': {
    [desktopQuery]: { position: 'sticky', top: vars.space.lg },
    // Compact tabs on phones: one row that scrolls sideways, edge to edge.
    [mobileQuery]: {
      marginInline: `calc(-1 * ${vars.layout.gutter})`,
      overflowX: 'auto',
      borderBottom: `1px solid ${vars.color.borderSubtle}`,
    },
  },
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  '@media': {
    [desktopQuery]: {
      flexDirection: 'column',
      gap: vars.space.xxs,
      padding: vars.space.sm,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
      border: `1px solid ${vars.color.borderSubtle}`,
    },
    [mobileQuery]: {
      flexDirection: 'row',
      gap: vars.space.xs,
      paddingInline: vars.layout.gutter,
      width: 'max-content',
    },
  },
});

export const navItem = style({ flexShrink: 0 });

export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: vars.control.md,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
    '&[aria-current="page"]': {
      background: vars.color.brandSoft,
      color: vars.color.brandText,
      fontWeight: vars.fontWeight.bold,
    },
  },
  '@media': {
    [mobileQuery]: {
      borderRadius: 0,
      paddingInline: vars.space.sm,
      borderBottom: '3px solid transparent',
      selectors: {
        '&[aria-current="page"]': {
          background: 'transparent',
          borderBottomColor: vars.color.brand,
        },
      },
    },
  },
});
