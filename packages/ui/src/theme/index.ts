export { vars } from './theme.css.ts';
export { sprinkles, type Sprinkles } from './sprinkles.css.ts';
export { focusRing, focusRingInverse, visuallyHidden } from './utilities.css.ts';
export { desktopQuery, mobileQuery, desktopMinWidthPx, designCanvas } from './breakpoints.ts';
export { desktopRem, mobileRem, desktopRemAtLeast } from './rem.ts';
export * as tokens from './tokens.ts';
