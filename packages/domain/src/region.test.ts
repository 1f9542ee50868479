import { expect, test } from 'vitest';
import { regionFlag } from './region.ts';

test.each([
  ['JP', '🇯🇵'],
  ['us', '🇺🇸'],
  ['HK', '🇭🇰'],
])('the flag of %s is %s', (region, flag) => {
  expect(regionFlag(region)).toBe(flag);
});
