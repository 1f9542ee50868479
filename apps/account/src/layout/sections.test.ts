import { describe, expect, test } from 'vitest';
import { SECTIONS, isCurrentSection } from './sections.ts';

describe('account sections', () => {
  test('list every section of the account centre, the third-party client and the KOL dashboard included', () => {
    expect(SECTIONS.map((s) => s.href)).toEqual([
      '/user/profile',
      '/user/device',
      '/user/reward',
      '/user/group-buying',
      '/user/benefits',
      '/user/third-party',
      '/user/kol',
    ]);
  });

  test.each([
    ['/user/device', '/user/device', true],
    ['/user/device', '/user/device/', true],
    ['/user/device', '/user/devices', false],
    ['/user/profile', '/user/device', false],
  ])('section %s is current on %s: %s', (href, pathname, expected) => {
    expect(isCurrentSection(href, pathname)).toBe(expected);
  });
});
