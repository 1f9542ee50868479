import { describe, expect, test } from 'vitest';
import { bonusView, yearlyExampleSeconds } from './invitation-bonus.ts';

describe('bonusView', () => {
  test.each([
    [
      'a friend who bought earns the inviter bonus time',
      { productName: '1 year Standard', bonusSeconds: 3600 },
      { kind: 'granted', seconds: 3600 },
    ],
    [
      'a purchase without bonus means the inviter was not active',
      { productName: '1 month Lite', bonusSeconds: 0 },
      { kind: 'not_granted' },
    ],
    [
      'no product yet means the friend has not bought',
      { productName: null, bonusSeconds: 0 },
      { kind: 'not_purchased' },
    ],
    [
      'a refunded purchase took the bonus back',
      { productName: '1 year Standard', bonusSeconds: 0, bonusReversed: true },
      { kind: 'reversed' },
    ],
    [
      'an older server without the flag reads as granted',
      { productName: '1 year Standard', bonusSeconds: 3600, bonusReversed: undefined },
      { kind: 'granted', seconds: 3600 },
    ],
  ])('%s', (_name, record, expected) => {
    expect(bonusView(record)).toEqual(expected);
  });
});

describe('yearlyExampleSeconds', () => {
  test.each([
    [10, 3_153_600],
    [12.5, 3_942_000],
    [0, 0],
  ])('%d %% of a year is %d seconds', (rate, seconds) => {
    expect(yearlyExampleSeconds(rate)).toBe(seconds);
  });
});
