import { describe, expect, it } from 'vitest';
import { designCanvas } from './breakpoints.ts';
import { contrastRatio } from './contrast.ts';
import { desktopRem, desktopRemAtLeast, mobileRem } from './rem.ts';
import { colors } from './tokens.ts';

// Text pairs the components actually use: WCAG AA needs 4.5:1 for normal text.
const textPairs: [string, keyof typeof colors, keyof typeof colors][] = [
  ['body text on surface', 'text', 'surface'],
  ['body text on page background', 'text', 'background'],
  ['muted text on surface', 'textMuted', 'surface'],
  ['muted text on page background', 'textMuted', 'background'],
  ['muted text on muted surface', 'textMuted', 'surfaceMuted'],
  ['subtle text on surface', 'textSubtle', 'surface'],
  ['label on primary button', 'onBrand', 'brand'],
  ['label on hovered primary button', 'onBrand', 'brandHover'],
  ['label on danger button', 'onBrand', 'danger'],
  ['brand text on surface (links, secondary buttons)', 'brandText', 'surface'],
  ['brand text on soft brand (badges, hover)', 'brandText', 'brandSoft'],
  ['danger text on surface (validation messages)', 'danger', 'surface'],
  ['danger text on soft danger (error badge)', 'danger', 'dangerSoft'],
  ['success text on soft success (savings badge)', 'successText', 'successSoft'],
  ['warning text on soft warning', 'warningText', 'warningSoft'],
  ['header text on dark surface', 'textInverse', 'surfaceInverse'],
  ['muted header text on dark surface', 'textInverseMuted', 'surfaceInverse'],
];

// Non-text contrast (WCAG 1.4.11): control borders and focus rings need 3:1.
const uiPairs: [string, keyof typeof colors, keyof typeof colors][] = [
  ['control border on surface', 'borderControl', 'surface'],
  ['focus ring on surface', 'focusRing', 'surface'],
  ['focus ring on page background', 'focusRing', 'background'],
  ['inverse focus ring on dark surface', 'focusRingInverse', 'surfaceInverse'],
  ['selected plan border on surface', 'brand', 'surface'],
];

describe('colour tokens meet WCAG AA', () => {
  it.each(textPairs)('%s reaches 4.5:1', (_name, foreground, background) => {
    expect(contrastRatio(colors[foreground], colors[background])).toBeGreaterThanOrEqual(4.5);
  });

  it.each(uiPairs)('%s reaches 3:1', (_name, foreground, background) => {
    expect(contrastRatio(colors[foreground], colors[background])).toBeGreaterThanOrEqual(3);
  });

  it('computes the known extremes', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});

describe('rem mapping', () => {
  it('maps the 1920 desktop canvas 1:1 at 100 px per rem', () => {
    expect(designCanvas.desktop.remPx / designCanvas.desktop.widthPx).toBeCloseTo(0.052083, 5);
    expect(desktopRem(16)).toBe('0.16rem');
    expect(desktopRem(1200)).toBe('12rem');
  });

  it('maps the 375 mobile canvas at 50 px per rem', () => {
    expect(mobileRem(15)).toBe('0.3rem');
    expect(mobileRem(44)).toBe('0.88rem');
  });

  it('keeps a pixel floor for small desktop windows', () => {
    expect(desktopRemAtLeast(16, 14)).toBe('max(0.16rem, 14px)');
  });
});
