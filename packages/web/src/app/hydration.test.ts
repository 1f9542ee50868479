import { describe, expect, test } from 'vitest';
import { endHydration, heldUntilHydrated, startHydration } from './hydration.ts';

const client = {
  name: 'api',
  answer: (value: string) => Promise.resolve(value),
  fail: () => Promise.reject(new Error('refused')),
  url: (path: string) => `/v4${path}`,
};

describe('heldUntilHydrated', () => {
  test('answers and failures wait for the hydration; the rest passes through', async () => {
    startHydration();
    const held = heldUntilHydrated(client);
    const seen: string[] = [];
    void held.answer('config').then((value) => seen.push(value));
    void held.fail().catch((error: Error) => seen.push(error.message));
    expect(held.url('/x')).toBe('/v4/x');
    expect(held.name).toBe('api');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([]);
    endHydration();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.sort()).toEqual(['config', 'refused']);
  });

  test('without a hydration, answers come at once', async () => {
    await expect(heldUntilHydrated(client).answer('now')).resolves.toBe('now');
  });
});
