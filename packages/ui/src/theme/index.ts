export { vars } from './theme.css';
export { sprinkles, type Sprinkles } from './sprinkles.css';
export { focusRing, focusRingInverse, visuallyHidden } from './utilities.css';
export { desktopQuery, mobileQuery, desktopMinWidthPx, designCanvas } from './breakpoints';
export { desktopRem, mobileRem, desktopRemAtLeast } from './rem';
export * as tokens from './tokens';
