import { trafficDay, trafficDayStart, trafficMonthOf, MS_PER_DAY } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { member } from '../support/third-party.ts';
import { PASSWORD } from '../support/accounts.ts';

let t: TestApp;
beforeEach(async () => {
  t = await startTestApp();
});
afterEach(() => t.close());

async function rows(userId: number) {
  return (
    await t.app.services.db
      .selectFrom('member_traffic')
      .select(['span', 'period_day', 'upload', 'download'])
      .where('user_id', '=', userId)
      .orderBy('span')
      .orderBy('period_day')
      .execute()
  ).map((r) => ({
    ...r,
    period_day: Number(r.period_day),
    upload: Number(r.upload),
    download: Number(r.download),
  }));
}

describe("a member's traffic", () => {
  test('system_traffic: this month, and 30 days with zeros, from the daily rows', async () => {
    const client = new Client(t.app);
    const userId = await member(t, client);
    const today = trafficDay(t.clock.now);
    await t.app.services.db
      .insertInto('member_traffic')
      .values([
        { user_id: userId, span: 'd', period_day: today, upload: 100, download: 2_000 },
        { user_id: userId, span: 'd', period_day: today - 40, upload: 5, download: 5 },
      ])
      .execute();
    const traffic = await client.ok('systemTraffic', {});
    expect(traffic.cycleStart).toBe(trafficDayStart(trafficMonthOf(today)));
    expect(traffic).toMatchObject({ upload: 100, download: 2_000 });
    expect(traffic.days).toHaveLength(30);
    expect(traffic.days.at(-1)).toEqual({
      day: trafficDayStart(today),
      upload: 100,
      download: 2_000,
    });
    expect(traffic.days.slice(0, -1).every((d) => d.upload === 0 && d.download === 0)).toBe(true);
  });

  test('old days roll up into their months once; the cycle and the chart keep their days', async () => {
    const client = new Client(t.app);
    const userId = await member(t, client);
    const today = trafficDay(t.clock.now);
    const old = [today - 100, today - 99, today - 70];
    await t.app.services.db
      .insertInto('member_traffic')
      .values([
        ...old.map((day) => ({
          user_id: userId,
          span: 'd' as const,
          period_day: day,
          upload: 10,
          download: 1_000,
        })),
        { user_id: userId, span: 'd', period_day: today, upload: 1, download: 2 },
      ])
      .execute();
    const before = await client.ok('systemTraffic', {});

    const run = await runScheduledJobs(t.app.services, t.clock.now);
    expect(run.trafficDaysRolledUp).toBe(3);
    const months = new Map<number, number>();
    for (const day of old)
      months.set(trafficMonthOf(day), (months.get(trafficMonthOf(day)) ?? 0) + 1);
    expect(await rows(userId)).toEqual([
      { span: 'd', period_day: today, upload: 1, download: 2 },
      ...[...months].map(([month, days]) => ({
        span: 'm',
        period_day: month,
        upload: 10 * days,
        download: 1_000 * days,
      })),
    ]);
    expect(await client.ok('systemTraffic', {})).toEqual(before);

    // A second run, and one a day later, change nothing more.
    expect((await runScheduledJobs(t.app.services, t.clock.now)).trafficDaysRolledUp).toBe(0);
    t.clock.advance(MS_PER_DAY);
    await runScheduledJobs(t.app.services, t.clock.now);
    const total = (await rows(userId)).reduce((n, r) => n + r.download, 0);
    expect(total).toBe(3_002);
  });

  test('deleting the account erases what the nodes reported of the member', async () => {
    const client = new Client(t.app);
    const userId = await member(t, client);
    const { db } = t.app.services;
    await db
      .insertInto('member_traffic')
      .values({
        user_id: userId,
        span: 'd',
        period_day: trafficDay(t.clock.now),
        upload: 1,
        download: 2,
      })
      .execute();
    await client.ok('userDeleteAccount', { password: PASSWORD });
    expect(await rows(userId)).toEqual([]);
  });
});
