import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.ts';
import { belowLimitAt, RateCounters } from '../../src/security/rate-counter.ts';
import { DIALECT, testConfig, testDatabase } from '../support/test-app.ts';

const WINDOW = 60_000;
const START = 1_800_000_000_000; // a window boundary (a multiple of WINDOW)

let database: DatabaseHandle;
let counters: RateCounters;
beforeAll(async () => {
  database = testDatabase(testConfig());
  await database.migrate();
  counters = new RateCounters(database.db);
});
afterAll(() => database.close());

let n = 0;
const freshKey = () => `test:${DIALECT}:${(n += 1)}:${Math.random()}`;

async function hits(key: string, times: number, at: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < times; i += 1) count = (await counters.hit(key, WINDOW, at)).count;
  return count;
}

describe(`rate counters (${DIALECT})`, () => {
  test('count the hits of the window', async () => {
    const key = freshKey();
    expect(await hits(key, 3, START + 10_000)).toBe(3);
    expect((await counters.peek(key, WINDOW, START + 20_000)).count).toBe(3);
    expect((await counters.peek(freshKey(), WINDOW, START)).count).toBe(0);
  });

  test('a burst across a window boundary counts as one window: no double limit', async () => {
    const key = freshKey();
    // Five hits at the very end of one window, five more just after the boundary.
    await hits(key, 5, START + WINDOW - 1);
    const after = await hits(key, 5, START + WINDOW + 1);
    expect(after).toBeGreaterThan(9.99);
    // Half a window later half of the previous window still counts.
    expect((await counters.peek(key, WINDOW, START + WINDOW + WINDOW / 2)).count).toBe(7.5);
    // Two windows later nothing counts.
    expect((await counters.peek(key, WINDOW, START + 3 * WINDOW)).count).toBe(0);
  });

  test('clear forgets a key', async () => {
    const key = freshKey();
    await hits(key, 2, START);
    await counters.clear(key);
    expect((await counters.peek(key, WINDOW, START)).count).toBe(0);
  });

  test('prune keeps the previous window (the next one weighs it) and drops older ones', async () => {
    const key = freshKey();
    await hits(key, 4, START);
    await counters.prune(START + WINDOW + 1);
    expect((await counters.peek(key, WINDOW, START + WINDOW)).count).toBe(4);
    await counters.prune(START + 2 * WINDOW + 1);
    expect((await counters.peek(key, WINDOW, START + 2 * WINDOW)).count).toBe(0);
  });
});

describe('belowLimitAt', () => {
  const state = (current: number, previous: number, now: number) => {
    const windowStart = now - (now % WINDOW);
    return {
      count: current + previous * ((WINDOW - (now - windowStart)) / WINDOW),
      current,
      previous,
      windowStart,
      windowMs: WINDOW,
    };
  };

  test('now, when under the limit', () => {
    expect(belowLimitAt(state(2, 0, START + 5), 3, START + 5)).toBe(START + 5);
  });

  test('the limit reached in this window: at its end', () => {
    expect(belowLimitAt(state(3, 0, START + 5), 3, START + 5)).toBe(START + WINDOW + 1);
  });

  test('over the limit in this window: once its share of the last window is small enough', () => {
    // 6 hits, limit 3: below 3 when half of the window has passed into the next one.
    expect(belowLimitAt(state(6, 0, START + 5), 3, START + 5)).toBe(
      START + WINDOW + WINDOW / 2 + 1,
    );
  });

  test('held by the previous window: when its share has shrunk enough', () => {
    // 1 now + 4 before, limit 3: 1 + 4 * share < 3 once share < 1/2, half-way through this window.
    const s = state(1, 4, START + 10);
    expect(s.count).toBeGreaterThanOrEqual(3);
    expect(belowLimitAt(s, 3, START + 10)).toBe(START + WINDOW / 2 + 1);
  });
});
