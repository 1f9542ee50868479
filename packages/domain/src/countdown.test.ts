import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { countdown } from './countdown.ts';

const NOW = Date.UTC(2026, 2, 1);

describe('countdown', () => {
  test.each([
    [
      '1 day 2 h 3 min 4 s are split',
      ((26 * 60 + 3) * 60 + 4) * 1000,
      { days: 1, hours: 2, minutes: 3, seconds: 4, ended: false },
    ],
    [
      'a partial second shows as one second',
      400,
      { days: 0, hours: 0, minutes: 0, seconds: 1, ended: false },
    ],
    [
      'exactly at the end it has ended',
      0,
      { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true },
    ],
    [
      'after the end it stays at zero',
      -90_000,
      { days: 0, hours: 0, minutes: 0, seconds: 0, ended: true },
    ],
  ])('%s', (_rule, left, expected) => {
    expect(countdown(NOW + left, NOW)).toMatchObject({
      ...expected,
      remainingMs: Math.max(0, left),
    });
  });

  test('the parts add back up to the remaining whole seconds, each within its range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e11 }), (left) => {
        const c = countdown(NOW + left, NOW);
        expect(c.hours).toBeLessThan(24);
        expect(c.minutes).toBeLessThan(60);
        expect(c.seconds).toBeLessThan(60);
        expect(((c.days * 24 + c.hours) * 60 + c.minutes) * 60 + c.seconds).toBe(
          Math.ceil(Math.max(0, left) / 1000),
        );
        expect(c.ended).toBe(left <= 0);
      }),
    );
  });
});
