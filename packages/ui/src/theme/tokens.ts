import { desktopRem, desktopRemAtLeast, mobileRem } from './rem.ts';

/**
 * Every design token of the kit, in one place. Colours were chosen for WCAG AA: body text and
 * muted text reach at least 4.5:1 on white and on the page background, white on the brand,
 * danger and success fills reaches at least 4.5:1, and control borders reach 3:1.
 */
export const palette = {
  indigo50: '#eef2ff',
  indigo100: '#e0e7ff',
  indigo200: '#c7d2fe',
  indigo300: '#a5b4fc',
  indigo600: '#4f46e5',
  indigo700: '#4338ca',
  indigo800: '#3730a3',
  indigo900: '#312e81',
  navy900: '#0b1437',
  navy800: '#131f4d',
  slate50: '#f8fafc',
  slate100: '#f1f5f9',
  slate200: '#e2e8f0',
  slate300: '#cbd5e1',
  slate500: '#64748b',
  slate600: '#475569',
  slate700: '#334155',
  slate900: '#0f172a',
  white: '#ffffff',
  red50: '#fef2f2',
  red700: '#b91c1c',
  red800: '#991b1b',
  green50: '#f0fdf4',
  green700: '#15803d',
  green800: '#166534',
  amber50: '#fffbeb',
  amber800: '#92400e',
} as const;

export const colors = {
  brand: palette.indigo700,
  brandHover: palette.indigo800,
  brandActive: palette.indigo900,
  brandSoft: palette.indigo50,
  brandSoftHover: palette.indigo100,
  brandText: palette.indigo800,
  onBrand: palette.white,
  text: palette.slate900,
  textMuted: palette.slate600,
  textSubtle: palette.slate500,
  textInverse: palette.white,
  textInverseMuted: palette.indigo200,
  background: palette.slate50,
  surface: palette.white,
  surfaceMuted: palette.slate100,
  surfaceInverse: palette.navy900,
  surfaceInverseRaised: palette.navy800,
  border: palette.slate300,
  borderSubtle: palette.slate200,
  borderControl: palette.slate500,
  focusRing: palette.indigo600,
  focusRingInverse: palette.indigo300,
  danger: palette.red700,
  dangerHover: palette.red800,
  dangerSoft: palette.red50,
  success: palette.green700,
  successText: palette.green800,
  successSoft: palette.green50,
  warningText: palette.amber800,
  warningSoft: palette.amber50,
  overlay: 'rgba(11, 20, 55, 0.6)',
  skeleton: palette.slate200,
} as const;

export const fonts = {
  body: '"Inter", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans SC", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace',
} as const;

/**
 * Type scale as [desktop design px on the 1920 canvas, desktop floor px, mobile design px on the
 * 375 canvas].
 */
export const typeScale = {
  xs: [12, 12, 12],
  sm: [14, 13, 13],
  md: [16, 14, 15],
  lg: [20, 16, 17],
  xl: [24, 18, 20],
  xxl: [32, 22, 24],
  display: [56, 30, 32],
} as const satisfies Record<string, readonly [number, number, number]>;

/** Spacing as [desktop design px, mobile design px]. */
export const spaceScale = {
  none: [0, 0],
  xxs: [4, 4],
  xs: [8, 6],
  sm: [12, 10],
  md: [16, 14],
  lg: [24, 20],
  xl: [32, 24],
  xxl: [48, 32],
  xxxl: [80, 48],
} as const satisfies Record<string, readonly [number, number]>;

/**
 * Control heights as [desktop design px, desktop floor px, mobile design px]; 44 px meets touch
 * target guidance.
 */
export const controlScale = {
  sm: [36, 32, 36],
  md: [48, 40, 44],
  lg: [56, 44, 50],
} as const satisfies Record<string, readonly [number, number, number]>;

export const radii = {
  sm: '4px',
  md: '8px',
  lg: '12px',
  xl: '20px',
  pill: '9999px',
} as const;

export const shadows = {
  sm: '0 1px 2px rgba(15, 23, 42, 0.08)',
  md: '0 4px 12px rgba(15, 23, 42, 0.10)',
  lg: '0 12px 32px rgba(15, 23, 42, 0.16)',
  brand: '0 8px 24px rgba(67, 56, 202, 0.24)',
} as const;

export const fontWeights = { regular: '400', medium: '500', bold: '700' } as const;
export const lineHeights = { tight: '1.25', normal: '1.5', relaxed: '1.7' } as const;
export const zIndices = { header: '100', drawer: '900', overlay: '1000', toast: '1100' } as const;
export const durations = { fast: '120ms', normal: '200ms' } as const;

export const layout = {
  maxWidth: [1200, 0],
  gutter: [24, 16],
} as const;

function mapValues<T extends Record<string, unknown>, R>(
  input: T,
  fn: (value: T[keyof T]) => R,
): { [K in keyof T]: R } {
  return Object.fromEntries(
    Object.entries(input).map(([key, value]) => [key, fn(value as T[keyof T])]),
  ) as { [K in keyof T]: R };
}

/** The responsive parts of the theme, resolved for each side of the breakpoint. */
export const desktopScales = {
  fontSize: mapValues(typeScale, ([design, floor]) => desktopRemAtLeast(design, floor)),
  space: mapValues(spaceScale, ([design]) => desktopRem(design)),
  control: mapValues(controlScale, ([design, floor]) => desktopRemAtLeast(design, floor)),
  layout: { maxWidth: desktopRem(layout.maxWidth[0]), gutter: desktopRem(layout.gutter[0]) },
};

export const mobileScales = {
  fontSize: mapValues(typeScale, ([, , mobile]) => mobileRem(mobile)),
  space: mapValues(spaceScale, ([, mobile]) => mobileRem(mobile)),
  control: mapValues(controlScale, ([, , mobile]) => mobileRem(mobile)),
  layout: { maxWidth: '100%', gutter: mobileRem(layout.gutter[1]) },
};
