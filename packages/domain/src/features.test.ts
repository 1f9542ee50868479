import { describe, expect, test } from 'vitest';
import { FEATURES, isFeature } from './features.ts';

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
