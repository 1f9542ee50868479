import { describe, expect, test } from 'vitest';
import { canaryReviewDay, canaryReviewDue } from './warrant-canary.ts';

describe('canaryReviewDue', () => {
  test.each([
    ['three months on, same day', '2026-11-26', Date.UTC(2027, 1, 26)],
    ['into a shorter month: its last day', '2026-11-30', Date.UTC(2027, 1, 28)],
    ['a leap February', '2027-11-30', Date.UTC(2028, 1, 29)],
    ['across no year end', '2026-01-31', Date.UTC(2026, 3, 30)],
    ['the last day of a long month', '2026-05-31', Date.UTC(2026, 7, 31)],
  ])('%s', (_rule, reviewed, due) => {
    expect(canaryReviewDue(reviewed)).toBe(due);
  });

  test.each(['2026-02-30', '2026-13-01', '26-11-2026', '2026-11-26T00:00', ''])(
    '%j is not a day',
    (text) => {
      expect(canaryReviewDay(text)).toBeUndefined();
      expect(canaryReviewDue(text)).toBeUndefined();
    },
  );

  test('a day reads as its UTC midnight', () => {
    expect(canaryReviewDay('2026-11-26')).toBe(Date.UTC(2026, 10, 26));
  });
});
