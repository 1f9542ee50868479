import { describe, expect, test } from 'vitest';
import { daysToMs, daysToSeconds, minutesToMs, msToWholeSeconds, secondsToMs } from './duration.ts';

describe('durations', () => {
  test.each([
    ['one second is 1,000 ms', secondsToMs(1), 1_000],
    ['15 minutes is 900,000 ms', minutesToMs(15), 900_000],
    ['30 days is 2,592,000,000 ms', daysToMs(30), 2_592_000_000],
    ['one day is 86,400 s', daysToSeconds(1), 86_400],
    ['1,999 ms is 1 whole second', msToWholeSeconds(1_999), 1],
    ['-1 ms is -1 whole second (floored, not truncated)', msToWholeSeconds(-1), -1],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
