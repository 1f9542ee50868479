import { createThemeContract } from '@vanilla-extract/css';

const scale = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, null])) as Record<K, null>;

/**
 * The shape every theme fills in. Components read only these variables, so a theme (or the
 * mobile side of the breakpoint) swaps values without touching a component.
 */
export const vars = createThemeContract({
  color: scale([
    'brand',
    'brandHover',
    'brandActive',
    'brandSoft',
    'brandSoftHover',
    'brandText',
    'onBrand',
    'text',
    'textMuted',
    'textSubtle',
    'textInverse',
    'textInverseMuted',
    'background',
    'surface',
    'surfaceMuted',
    'surfaceInverse',
    'surfaceInverseRaised',
    'border',
    'borderSubtle',
    'borderControl',
    'focusRing',
    'focusRingInverse',
    'danger',
    'dangerHover',
    'dangerSoft',
    'success',
    'successText',
    'successSoft',
    'warningText',
    'warningSoft',
    'overlay',
    'skeleton',
  ] as const),
  font: scale(['body', 'mono'] as const),
  fontSize: scale(['xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'display'] as const),
  fontWeight: scale(['regular', 'medium', 'bold'] as const),
  lineHeight: scale(['tight', 'normal', 'relaxed'] as const),
  space: scale(['none', 'xxs', 'xs', 'sm', 'md', 'lg', 'xl', 'xxl', 'xxxl'] as const),
  control: scale(['sm', 'md', 'lg'] as const),
  radius: scale(['sm', 'md', 'lg', 'xl', 'pill'] as const),
  shadow: scale(['sm', 'md', 'lg', 'brand'] as const),
  z: scale(['header', 'drawer', 'overlay', 'toast'] as const),
  duration: scale(['fast', 'normal'] as const),
  layout: scale(['maxWidth', 'gutter'] as const),
});
