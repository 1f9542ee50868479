import { describe, expect, test } from 'vitest';
import { FEATURES, type FeatureSwitches } from '@nimbus/domain';
import { SECTIONS, isCurrentSection, shownSections } from '@nimbus/web';

describe('account sections', () => {
  test('list every section of the account centre, password and sessions, the third-party client, support and the KOL dashboard included', () => {
    expect(SECTIONS.map((s) => s.href)).toEqual([
      '/user/profile',
      '/user/security',
      '/user/device',
      '/user/reward',
      '/user/group-buying',
      '/user/benefits',
      '/user/third-party',
      '/user/support',
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

  test.each([
    ['before the switches arrive: every section', undefined, []],
    ['benefits off: no benefits section', { benefits: false }, ['/user/benefits']],
    ['the third-party client off: no client section', { thirdParty: false }, ['/user/third-party']],
  ] as const)('%s', (_, off, hidden) => {
    const switches =
      off &&
      ({
        ...Object.fromEntries(FEATURES.map((f) => [f, true])),
        ...off,
      } as FeatureSwitches);
    const shown = shownSections(switches).map((s) => s.href);
    expect(SECTIONS.map((s) => s.href).filter((h) => !shown.includes(h))).toEqual(hidden);
  });
});
