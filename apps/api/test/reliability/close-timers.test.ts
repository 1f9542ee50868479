import { describe, expect, test } from 'vitest';
import { startTestApp } from '../support/test-app.ts';

/**
 * The server's own timers (expired-row pruning every minute, the scheduled jobs) stop, and a run
 * in progress finishes, before the database closes: a run cut off by the close failed with
 * "driver has already been destroyed" (seen at shutdown under load). Here both run every few
 * milliseconds and the app closes while they do, ten times.
 */
describe('closing the app', () => {
  test('lets the pruning and the jobs finish before the database closes', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 10; i++) {
      const t = await startTestApp({
        env: { LOG_LEVEL: 'warn' },
        pruneIntervalMs: 2,
        jobIntervalMs: 3,
        logStream: { write: (line: string) => void lines.push(line) },
      });
      await new Promise((r) => setTimeout(r, 15 + i));
      await t.close();
    }
    const failures = lines.filter((l) => /failed|destroyed/.test(l));
    expect(failures).toEqual([]);
  });
});
