import { describe, expect, test } from 'vitest';
import { FEATURES, featureShown, isFeature, type FeatureSwitches } from './features.ts';

describe('feature switches', () => {
  test.each([
    ['trial', true],
    ['groupBuy', true],
    ['cryptoPay', true],
    ['affiliate', true],
    ['thirdParty', true],
    ['benefits', true],
    ['redeem', true],
    ['studentDiscount', true],
    ['payments', false],
    ['', false],
    ['toString', false],
  ])('%s is a switch: %s', (name, expected) => {
    expect(isFeature(name)).toBe(expected);
  });

  test('names are unique', () => {
    expect(new Set(FEATURES).size).toBe(FEATURES.length);
  });
});

describe('whether an app shows a feature', () => {
  const all = (on: boolean) =>
    Object.fromEntries(FEATURES.map((f) => [f, on])) as Record<keyof FeatureSwitches, boolean>;
  test.each([
    ['the trial button before the switches arrive', undefined, 'trial', true],
    [
      'the student discount before the switches arrive (opt-in)',
      undefined,
      'studentDiscount',
      false,
    ],
    ['the trial button switched off', { ...all(true), trial: false }, 'trial', false],
    [
      'the student discount switched on',
      { ...all(false), studentDiscount: true },
      'studentDiscount',
      true,
    ],
    ['group buying switched on', all(true), 'groupBuy', true],
  ] as const)('%s: %s', (_, switches, feature, expected) => {
    expect(featureShown(switches, feature)).toBe(expected);
  });
});
