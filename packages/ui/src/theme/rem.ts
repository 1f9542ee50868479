import { designCanvas } from './breakpoints.ts';

/**
 * Converts a length measured on the 1920 px desktop canvas into rem. The root font size above
 * 960 px is 5.2083vw, so at a 1920 px window 1rem = 100 px and the design maps 1:1.
 */
export function desktopRem(designPx: number): string {
  return `${round(designPx / designCanvas.desktop.remPx)}rem`;
}

/**
 * Converts a length measured on the 375 px mobile canvas into rem. At or below 960 px the root
 * font size is fixed at 50 px, so 1rem = 50 px and a mobile design pixel is a CSS pixel.
 */
export function mobileRem(designPx: number): string {
  return `${round(designPx / designCanvas.mobile.remPx)}rem`;
}

/**
 * A desktop length that never falls below `floorPx`: between 961 px and roughly 1300 px the
 * scaled root makes small text unreadable (16 design px would be 8 CSS px at 961 px), so text
 * and touch targets keep a floor while the design still maps 1:1 at 1920 px.
 */
export function desktopRemAtLeast(designPx: number, floorPx: number): string {
  return `max(${desktopRem(designPx)}, ${floorPx}px)`;
}

function round(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}
