import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { headerBarQuery, headerMenuQuery, mobileQuery } from '../theme/breakpoints.ts';
import { desktopRem } from '../theme/rem.ts';
import { vars } from '../theme/theme.css.ts';

const slideIn = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'none' } });

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  boxShadow: vars.shadow.sm,
});

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  // Wider than the page's column (1200 design px): the main links need the room from 1024 px.
  maxWidth: desktopRem(1760),
  minHeight: 'max(0.72rem, 56px)',
  margin: '0 auto',
  paddingInline: vars.layout.gutter,
  '@media': { [mobileQuery]: { maxWidth: 'none', minHeight: '1.12rem', gap: vars.space.sm } },
});

const inverseFocus = {
  outline: 'none',
  selectors: {
    '&:focus-visible': {
      outline: `3px solid ${vars.color.focusRingInverse}`,
      outlineOffset: '2px',
    },
  },
} as const;

export const brand = style({
  ...inverseFocus,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.textInverse,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  whiteSpace: 'nowrap',
});

/** The language switch and the session actions: in the bar above 960 px, in the menu below. */
export const desktopOnly = style({ '@media': { [mobileQuery]: { display: 'none' } } });
/** The main links and More: in the bar from 1024 px (headerBarMinWidthPx), in the menu below. */
export const barOnly = style({ '@media': { [headerMenuQuery]: { display: 'none' } } });
/** The menu button: below 1024 px. */
export const menuOnly = style({ '@media': { [headerBarQuery]: { display: 'none' } } });

export const nav = style({ flex: 1, minWidth: 0 });

export const navList = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const navLink = style({
  ...inverseFocus,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: vars.control.sm,
  paddingInline: vars.space.sm,
  border: 0,
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.textInverse,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    ...inverseFocus.selectors,
    '&:hover': { background: vars.color.surfaceInverseRaised },
    '&[aria-current="page"]': {
      textDecoration: 'underline',
      textUnderlineOffset: '0.35em',
      textDecorationThickness: '2px',
    },
  },
});

export const moreWrapper = style({ position: 'relative' });

export const moreMenu = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  left: 0,
  minWidth: 'max(2rem, 180px)',
  margin: 0,
  padding: vars.space.xxs,
  listStyle: 'none',
  background: vars.color.surface,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.lg,
  zIndex: vars.z.drawer,
});

export const moreLink = style({
  display: 'block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { background: vars.color.brandSoft, color: vars.color.brandText },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: '-3px' },
  },
});

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  marginLeft: 'auto',
});

export const primaryAction = style({
  ...inverseFocus,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.control.sm,
  paddingInline: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.brandText,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: { ...inverseFocus.selectors, '&:hover': { background: vars.color.brandSoft } },
});

export const menuButton = style([
  navLink,
  { fontSize: vars.fontSize.xl, paddingInline: vars.space.xs },
]);

export const drawerOverlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.overlay,
  zIndex: vars.z.drawer,
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: vars.z.drawer,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  width: 'min(86vw, 320px)',
  padding: vars.space.lg,
  overflowY: 'auto',
  background: vars.color.surfaceInverse,
  color: vars.color.textInverse,
  boxShadow: vars.shadow.lg,
  animation: `${slideIn} ${vars.duration.normal} ease-out`,
  outline: 'none',
});

export const drawerTop = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
});

export const drawerList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const drawerLink = style([navLink, { width: '100%', minHeight: vars.control.md }]);

export const drawerGroupTitle = style({
  margin: `${vars.space.sm} 0 ${vars.space.xxs}`,
  paddingInline: vars.space.sm,
  color: vars.color.textInverseMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const drawerActions = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  marginTop: 'auto',
});

/** The language switch in the bar: the globe only (the select keeps its name and value). */
export const iconSwitch = style({});
globalStyle(`${iconSwitch} [data-language-name]`, { display: 'none' });
