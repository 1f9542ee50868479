import { BYTES_PER_GB, MS_PER_DAY, MS_PER_MINUTE } from '@nimbus/domain';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { quotaStatusOf } from '../../src/membership/index.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { auditActions, userRow } from '../support/payments.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { download, enabledSubscription, member, PUBLIC_URL } from '../support/third-party.ts';
import { feed, testNode, TROJAN_NODE, users, type TestNode } from './feed-helpers.ts';

/**
 * Traffic quotas at the node feed (membership/traffic-quota.ts): a push that takes a member over
 * the allowance takes them off the next pull; the reset and a top-up bring them back; the
 * subscription header and the member's traffic call show the quota; notices at 80 % and 100 %.
 */

let t: TestApp;
let node: TestNode;

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, JOBS_INTERVAL_SECONDS: '0' } });
  node = await testNode(t, TROJAN_NODE);
});
afterEach(() => t.close());

const GB = BYTES_PER_GB;

/** A member with a working link and a quota of `gb` bought `daysAgo` days ago. */
async function quotaMember(
  gb: number | null,
  options: {
    reset?: string;
    purchasedAt?: number;
    email?: boolean;
    language?: 'en' | 'zh_CN';
  } = {},
) {
  const client = new Client(t.app);
  const userId = await member(t, client, {
    days: 90,
    ...(options.language ? { language: options.language } : {}),
  });
  const sub = await enabledSubscription(client);
  await t.app.services.db
    .updateTable('users')
    .set({
      quota_gb: gb,
      quota_reset: gb === null ? null : (options.reset ?? 'month_start'),
      quota_purchased_at: gb === null ? null : (options.purchasedAt ?? t.clock.now - MS_PER_DAY),
      ...(options.email ? { email: `quota${String(userId)}@example.com` } : {}),
    })
    .where('id', '=', userId)
    .execute();
  return { client, userId, sub };
}

/** A node's traffic report a minute after the last (well within the port's capacity). */
async function push(counts: Record<number, [number, number]>) {
  t.clock.advance(MS_PER_MINUTE);
  const res = await feed(t, node, 'POST', 'push', { body: JSON.stringify(counts) });
  expect(res.status).toBe(200);
}

const listed = async (userId: number) => (await users(t, node)).some((u) => u.id === userId);

const userinfo = async (url: string) =>
  String((await download(t, url)).headers['subscription-userinfo']);

const mailKinds = async (userId: number) =>
  (
    await t.app.services.db
      .selectFrom('mail_queue')
      .select(['kind', 'language'])
      .where('user_id', '=', userId)
      .where('kind', 'like', 'traffic_quota%')
      .orderBy('id')
      .execute()
  ).map((m) => `${m.kind}:${m.language}`);

describe('over quota at the node feed', () => {
  test('a push over the quota takes the member off the next pull; the reset brings them back without a write', async () => {
    // Bought on the 31st with the purchase-day rule: in a short month the reset is its last day.
    // (In the past: PostgreSQL keeps this file's rows, and later write times must not lag.)
    t.clock.now = Date.UTC(2026, 0, 31, 10);
    node = await testNode(t, TROJAN_NODE);
    const { userId, sub } = await quotaMember(1, {
      reset: 'purchase_day',
      purchasedAt: t.clock.now,
    });
    const other = await quotaMember(null);
    expect(await listed(userId)).toBe(true);

    await push({ [userId]: [100_000_000, 400_000_000], [other.userId]: [5 * GB, 5 * GB] });
    expect(await listed(userId)).toBe(true);
    expect(await userinfo(sub.base64)).toMatch(
      new RegExp(`^upload=100000000; download=400000000; total=${String(GB)}; expire=`),
    );

    await push({ [userId]: [0, GB] });
    expect(await listed(userId)).toBe(false);
    // Plans without a quota behave as before: 20 GB and still listed, total 0.
    await push({ [other.userId]: [5 * GB, 5 * GB] });
    expect(await listed(other.userId)).toBe(true);
    expect(await userinfo(other.sub.base64)).toMatch(/total=0;/);
    expect((await userRow(t, userId)).over_quota_until).toBe(Date.UTC(2026, 1, 28));

    // The node still reports traffic it carried before it pulled: kept, and no error.
    await push({ [userId]: [10, 10] });
    t.clock.now = Date.UTC(2026, 1, 28) - MS_PER_MINUTE;
    expect(await listed(userId)).toBe(false);
    t.clock.now = Date.UTC(2026, 1, 28);
    expect(await listed(userId)).toBe(true);
    expect(await userinfo(sub.base64)).toMatch(/^upload=0; download=0; total=/);
  });

  test('a top-up brings the member back at the next pull, audited; a bad top-up is refused and changes nothing', async () => {
    const { userId, client } = await quotaMember(1);
    await push({ [userId]: [0, GB + 1] });
    expect(await listed(userId)).toBe(false);
    const traffic = await client.ok('systemTraffic', {});
    expect(traffic.quota).toMatchObject({
      quotaGb: 1,
      over: true,
      percent: 100,
      usedBytes: GB + 1,
    });

    const admin = await enrolledOperator(t, 'admin');
    const before = await userRow(t, userId);
    for (const gb of [-1, 0, 1.5, 2e6]) {
      const answer = await admin.client.call('adminUserTopUp', {
        userId: String(userId),
        gb,
        reason: 'test',
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: ErrorCode.VALIDATION_FAILED.code,
        msg: 'Top-ups are whole GB from 1 to 1048576',
      });
    }
    const ops = await runOpsCommand(
      'user',
      ['topup', String(userId), '--gb=0', '--reason=x'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    expect(ops.exitCode).toBe(2);
    const unlimited = await quotaMember(null);
    const noQuota = await admin.client.call('adminUserTopUp', {
      userId: String(unlimited.userId),
      gb: 5,
      reason: 'test',
    });
    expect(noQuota.body.msg).toBe("This member's plan has no traffic quota to top up");
    expect(await userRow(t, userId)).toEqual(before);
    expect(await auditActions(t, 'user', userId)).not.toContain('traffic.topped_up');

    const { traffic: after } = await admin.client.ok('adminUserTopUp', {
      userId: String(userId),
      gb: 2,
      reason: 'goodwill',
    });
    expect(after).toMatchObject({ allowanceBytes: 3 * GB, over: false });
    expect(await listed(userId)).toBe(true);
    expect(await auditActions(t, 'user', userId)).toContain('traffic.topped_up');
    const detail = await admin.client.ok('adminUserDetail', { userId: String(userId) });
    expect(detail.traffic).toMatchObject({ quotaGb: 1, allowanceBytes: 3 * GB, usedBytes: GB + 1 });

    // pnpm ops shows and grants the same.
    const shown = await runOpsCommand(
      'user',
      ['show', String(userId)],
      t.app.services,
      t.clock.now,
    );
    expect(shown.stdout).toMatch(/traffic:\s+1 GB of 3 GB \(33%\), resets /);
    const topped = await runOpsCommand(
      'user',
      ['topup', String(userId), '--gb=1', '--reason=ops', '--json'],
      t.app.services,
      t.clock.now,
      'ops:alice',
    );
    expect(JSON.parse(topped.stdout)).toMatchObject({ allowanceBytes: 4 * GB });
    // The top-up ends with its cycle.
    const next = (await client.ok('systemTraffic', {})).quota?.nextReset ?? 0;
    t.clock.now = next;
    expect((await client.ok('systemTraffic', {})).quota).toMatchObject({
      allowanceBytes: GB,
      usedBytes: 0,
      over: false,
    });
  });

  test('a quota that never resets keeps the member off until a top-up', async () => {
    const { userId } = await quotaMember(1, { reset: 'never' });
    await push({ [userId]: [GB, 0] });
    t.clock.advance(400 * MS_PER_DAY);
    expect(await listed(userId)).toBe(false);
  });

  test('a cycle reaching back past the kept days counts the rolled-up months', async () => {
    const { userId } = await quotaMember(1, { reset: 'never' });
    await push({ [userId]: [0, GB / 4] });
    // 70 days on, the daily rows of then are rolled up into their month.
    t.clock.advance(70 * MS_PER_DAY);
    expect(
      (await runScheduledJobs(t.app.services, t.clock.now)).trafficDaysRolledUp,
    ).toBeGreaterThan(0);
    await push({ [userId]: [0, GB / 8] });
    expect(await quotaStatusOf(t.app.services.db, userId, t.clock.now)).toMatchObject({
      usedBytes: GB / 4 + GB / 8,
      over: false,
    });
    await push({ [userId]: [0, GB] });
    expect(await listed(userId)).toBe(false);
  });
});

describe('running cycle totals', () => {
  /** The kept total of a member, and what their cycle's daily rows say. */
  const totals = async (userId: number) => {
    const kept = await t.app.services.db
      .selectFrom('traffic_quota_usage')
      .select(['upload', 'download'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const status = await quotaStatusOf(t.app.services.db, userId, t.clock.now);
    return {
      kept: kept === undefined ? null : Number(kept.upload) + Number(kept.download),
      daily: status?.usedBytes ?? null,
    };
  };

  // The mark itself (the feed's side is tested above; this file's PostgreSQL schema keeps rows
  // written at the far-future clocks of earlier tests, which a pull's change check would see).
  const marked = async (userId: number) =>
    ((await userRow(t, userId)).over_quota_until ?? 0) > t.clock.now;

  test('follow the daily rows through a mark, a top-up, a reset and a new purchase', async () => {
    const { userId } = await quotaMember(1);
    await push({ [userId]: [GB / 8, GB / 2] });
    expect(await totals(userId)).toEqual({ kept: GB / 8 + GB / 2, daily: GB / 8 + GB / 2 });
    await push({ [userId]: [0, GB / 2] });
    expect(await marked(userId)).toBe(true);
    // Traffic a node carried while the member was marked still counts.
    await push({ [userId]: [0, GB / 8] });
    expect(await totals(userId)).toEqual({ kept: GB + GB / 4, daily: GB + GB / 4 });

    const admin = await enrolledOperator(t, 'admin');
    await admin.client.ok('adminUserTopUp', { userId: String(userId), gb: 1, reason: 'test' });
    expect(await marked(userId)).toBe(false);
    await push({ [userId]: [0, GB / 2] });
    expect(await totals(userId)).toEqual({ kept: GB + (3 * GB) / 4, daily: GB + (3 * GB) / 4 });
    expect(await marked(userId)).toBe(false);
    await push({ [userId]: [0, GB / 2] });
    expect(await marked(userId)).toBe(true);

    // The next cycle (the first of next month) starts from its own traffic.
    const today = new Date(t.clock.now);
    t.clock.now = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1, 0, 30);
    await push({ [userId]: [0, GB / 16] });
    expect(await totals(userId)).toEqual({ kept: GB / 16, daily: GB / 16 });
    // A new purchase the same day starts a cycle of its own, counted from its first day.
    await t.app.services.db
      .updateTable('users')
      .set({ quota_reset: 'purchase_day', quota_purchased_at: t.clock.now })
      .where('id', '=', userId)
      .execute();
    await push({ [userId]: [0, GB / 16] });
    expect(await totals(userId)).toEqual({ kept: GB / 8, daily: GB / 8 });
  });

  test('concurrent pushes from two nodes add up exactly', async () => {
    const second = await testNode(t, { ...TROJAN_NODE, key: 'feed-trojan-b' });
    const members = await Promise.all([1, 2, 3].map(() => quotaMember(100)));
    const body = JSON.stringify(
      Object.fromEntries(members.map((m) => [m.userId, [1_000, 1_000_000]])),
    );
    t.clock.advance(MS_PER_MINUTE);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        feed(t, i % 2 === 0 ? node : second, 'POST', 'push', { body }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const m of members)
      expect(await totals(m.userId)).toEqual({ kept: 10 * 1_001_000, daily: 10 * 1_001_000 });
  });
});

describe('quota notices', () => {
  test('80 % and 100 % are told once per cycle, in the member language', async () => {
    const { userId } = await quotaMember(10, { email: true, language: 'zh_CN' });
    await push({ [userId]: [0, 7 * GB] });
    expect(await mailKinds(userId)).toEqual([]);
    await push({ [userId]: [0, GB + GB / 2] });
    await push({ [userId]: [0, 100_000_000] });
    expect(await mailKinds(userId)).toEqual(['traffic_quota_warning:zh_CN']);
    await push({ [userId]: [0, 2 * GB] });
    expect(await mailKinds(userId)).toEqual([
      'traffic_quota_warning:zh_CN',
      'traffic_quota_reached:zh_CN',
    ]);
    // A member who jumps past both is told once, that they are over.
    const jumper = await quotaMember(1, { email: true });
    await push({ [jumper.userId]: [0, 2 * GB] });
    expect(await mailKinds(jumper.userId)).toEqual(['traffic_quota_reached:en']);
  });
});
