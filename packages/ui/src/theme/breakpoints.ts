/**
 * The one layout breakpoint of the product (spec section 9: desktop above 960 px).
 * Range syntax keeps fractional widths (zoomed screens) on the right side of the line.
 */
export const desktopMinWidthPx = 960;
export const desktopQuery = `screen and (width > ${desktopMinWidthPx}px)`;
export const mobileQuery = `screen and (width <= ${desktopMinWidthPx}px)`;

/**
 * The header's own line: its main links and the More menu are in the bar from 1024 px, in either
 * language, logged in or out, with every optional link (the bar spans a wider container than the
 * page, the language switch is an icon and the optional links sit behind More); measured by
 * apps/marketing/e2e/header-layout.spec.ts. Below it the links are in the menu; the language
 * switch and the session actions stay in the bar down to 960 px.
 */
export const headerBarMinWidthPx = 1024;
export const headerBarQuery = `screen and (width >= ${headerBarMinWidthPx}px)`;
export const headerMenuQuery = `screen and (width < ${headerBarMinWidthPx}px)`;

/** Canvas widths the designs are drawn on, and the root font size each canvas assumes. */
export const designCanvas = {
  desktop: { widthPx: 1920, remPx: 100 },
  mobile: { widthPx: 375, remPx: 50 },
} as const;
