import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { daysToMs, daysToSeconds } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { applyLiteUpgrade, quoteLiteUpgrade } from './lite-upgrade.ts';
import { nodePermission, type Membership } from './membership.ts';

const NOW = Date.UTC(2026, 8, 1);

describe('Lite-to-Standard upgrade', () => {
  test.each<[string, Membership, number | undefined, object]>([
    [
      '10 Lite days become 5 Standard days at the default 50 %',
      { standardExpiresAt: null, liteExpiresAt: NOW + daysToMs(10) },
      undefined,
      {
        remainingLiteSeconds: daysToSeconds(10),
        conversionPercent: 50,
        convertedStandardSeconds: daysToSeconds(5),
        planSeconds: daysToSeconds(30),
        standardExpiresAt: NOW + daysToMs(35),
      },
    ],
    [
      'the percentage is configurable',
      { standardExpiresAt: null, liteExpiresAt: NOW + daysToMs(10) },
      30,
      { convertedStandardSeconds: daysToSeconds(3), standardExpiresAt: NOW + daysToMs(33) },
    ],
    [
      'an odd second converts rounded down',
      { standardExpiresAt: null, liteExpiresAt: NOW + 3_999 },
      50,
      { remainingLiteSeconds: 3, convertedStandardSeconds: 1 },
    ],
    [
      'running Standard time is kept and extended',
      { standardExpiresAt: NOW + daysToMs(2), liteExpiresAt: NOW + daysToMs(10) },
      50,
      { standardExpiresAt: NOW + daysToMs(37) },
    ],
  ])('%s', (_rule, membership, conversionPercent, expected) => {
    const quote = quoteLiteUpgrade({
      membership,
      standardPlanDays: 30,
      now: NOW,
      ...(conversionPercent === undefined ? {} : { conversionPercent }),
    });
    expect(quote).toMatchObject({ ok: true, value: expected });
  });

  test.each<[string, Membership]>([
    ['no Lite ever', { standardExpiresAt: null, liteExpiresAt: null }],
    ['expired Lite', { standardExpiresAt: null, liteExpiresAt: NOW - 1 }],
    ['less than a second of Lite', { standardExpiresAt: null, liteExpiresAt: NOW + 999 }],
  ])('%s: nothing to upgrade', (_rule, membership) => {
    expect(quoteLiteUpgrade({ membership, standardPlanDays: 30, now: NOW })).toEqual({
      ok: false,
      error: 'no_lite_time',
    });
  });

  test.each([-1, 101, 12.5])(
    'a conversion of %s %% is a configuration error',
    (conversionPercent) => {
      const membership = { standardExpiresAt: null, liteExpiresAt: NOW + daysToMs(1) };
      expect(() =>
        quoteLiteUpgrade({ membership, standardPlanDays: 30, now: NOW, conversionPercent }),
      ).toThrow(RangeError);
    },
  );

  test('after paying, Standard permission applies at once and Lite time has ended', () => {
    const r = applyLiteUpgrade({
      membership: { standardExpiresAt: null, liteExpiresAt: NOW + daysToMs(10) },
      standardPlanDays: 30,
      now: NOW,
    });
    expect(r).toMatchObject({
      ok: true,
      value: { membership: { standardExpiresAt: NOW + daysToMs(35), liteExpiresAt: NOW } },
    });
    expect(r.ok && nodePermission(r.value.membership, NOW)).toBe(ShopGroupType.STANDARD);
  });

  test('an upgrade without Lite time is refused after paying too', () => {
    expect(
      applyLiteUpgrade({
        membership: { standardExpiresAt: null, liteExpiresAt: null },
        standardPlanDays: 30,
        now: NOW,
      }),
    ).toEqual({ ok: false, error: 'no_lite_time' });
  });

  test('converted time never exceeds the Lite time given up and is whole seconds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 * 365 * 86_400_000 }),
        fc.integer({ min: 0, max: 100 }),
        (left, percent) => {
          const q = quoteLiteUpgrade({
            membership: { standardExpiresAt: null, liteExpiresAt: NOW + left },
            standardPlanDays: 0,
            now: NOW,
            conversionPercent: percent,
          });
          if (!q.ok) return;
          expect(Number.isInteger(q.value.convertedStandardSeconds)).toBe(true);
          expect(q.value.convertedStandardSeconds * 1000).toBeLessThanOrEqual(
            (left * percent) / 100,
          );
        },
      ),
    );
  });
});
