/**
 * The one layout breakpoint of the product (spec section 9: desktop above 960 px).
 * Range syntax keeps fractional widths (zoomed screens) on the right side of the line.
 */
export const desktopMinWidthPx = 960;
export const desktopQuery = `screen and (width > ${desktopMinWidthPx}px)`;
export const mobileQuery = `screen and (width <= ${desktopMinWidthPx}px)`;

/** Canvas widths the designs are drawn on, and the root font size each canvas assumes. */
export const designCanvas = {
  desktop: { widthPx: 1920, remPx: 100 },
  mobile: { widthPx: 375, remPx: 50 },
} as const;
