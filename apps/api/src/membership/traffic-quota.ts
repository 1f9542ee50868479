import {
  quotaGbText,
  gbToBytes,
  TRAFFIC_QUOTA_GB_MAX,
  trafficAllowanceBytes,
  TRAFFIC_NOTICE_THRESHOLDS,
  trafficCycle,
  trafficCycleFirstDay,
  trafficRollUpBeforeDay,
  trafficNoticesDue,
  trafficTopUpError,
  trafficUsedPercent,
  type Language,
  type TrafficCycle,
  type TrafficNoticeThreshold,
  type TrafficEntry,
  type TrafficQuota,
} from '@nimbus/domain';
import { formatDateTime, translate } from '@nimbus/i18n/server';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import { ErrorCode, type TrafficQuotaStatus } from '@nimbus/api-sdk/contract';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { notifyMember } from '../mail/index.ts';
import { trafficSince } from '../nodes/index.ts';
import {
  claimTrafficNotice,
  addQuotaUsage,
  clearOverQuota,
  findQuotaHolder,
  insertTopUp,
  markOverQuota,
  quotaHoldersAmong,
  topUpsSince,
  trafficNoticesSent,
  type QuotaHolder,
} from './quota-store.ts';

/**
 * Traffic quotas on the server (rules: domain traffic-quota.ts; docs/nodes.md "Traffic quotas").
 *
 * Nothing sums traffic when the node feed is read. A traffic report (a node's push) adds its bytes
 * to the running cycle totals of the members it carries who have a quota (traffic_quota_usage,
 * counted anew from the daily rows when a cycle begins), and checks those not marked yet: when
 * their cycle's traffic reaches the allowance they are marked over quota until the cycle's next reset
 * (`users.over_quota_until`), which moves their row's write time, so the feed reads them again
 * at its next pull and leaves them out while the mark is ahead. A reset needs no write: the feed
 * lists them again when the time passes the mark. A top-up takes the mark away when the member is
 * under the new allowance. The 80 % and 100 % notices are queued by the same check, once per
 * cycle (traffic_notices).
 */

/** The mark of a quota that never resets: until a top-up or a new purchase. */
const NO_RESET_UNTIL = Number.MAX_SAFE_INTEGER;

export interface QuotaStatus {
  quota: TrafficQuota;
  cycle: TrafficCycle;
  /** Quota and this cycle's top-ups, in bytes. */
  allowanceBytes: number;
  upload: number;
  download: number;
  usedBytes: number;
  percent: number;
  over: boolean;
}

interface CycleUsage {
  holder: QuotaHolder;
  cycle: TrafficCycle;
  upload: number;
  download: number;
}

/** Each holder's cycle and its traffic so far: one statement per 450 members. */
async function usagesOf(
  db: Db,
  holders: readonly QuotaHolder[],
  now: number,
): Promise<CycleUsage[]> {
  if (holders.length === 0) return [];
  const cycles = holders.map((holder) => ({
    holder,
    cycle: trafficCycle(holder.quota.reset, holder.purchasedAt, now),
  }));
  const used = await trafficSince(
    db,
    cycles.map(({ holder, cycle }) => ({
      userId: holder.userId,
      fromDay: trafficCycleFirstDay(cycle),
    })),
    trafficRollUpBeforeDay(now),
  );
  return cycles.map(({ holder, cycle }) => ({
    holder,
    cycle,
    ...(used.get(holder.userId) ?? { upload: 0, download: 0 }),
  }));
}

/** The statuses of these usages, with the top-ups of their cycles added to the allowance. */
async function statusesOf(
  db: Db,
  usages: readonly CycleUsage[],
): Promise<Map<number, QuotaStatus>> {
  const statuses = new Map<number, QuotaStatus>();
  if (usages.length === 0) return statuses;
  const topUps = await topUpsSince(
    db,
    usages.map((u) => u.holder.userId),
    Math.min(...usages.map((u) => u.cycle.start)),
  );
  for (const { holder, cycle, upload, download } of usages) {
    const allowanceBytes =
      trafficAllowanceBytes(holder.quota, topUps.get(holder.userId) ?? [], cycle) ?? 0;
    const usedBytes = upload + download;
    statuses.set(holder.userId, {
      quota: holder.quota,
      cycle,
      allowanceBytes,
      upload,
      download,
      usedBytes,
      percent: trafficUsedPercent(usedBytes, allowanceBytes),
      over: usedBytes >= allowanceBytes,
    });
  }
  return statuses;
}

/**
 * Whether a usage may be at a notice threshold or over: top-ups only add to the allowance, so a
 * member under the first threshold of the plan's own quota is under it with any top-up.
 */
const nearQuota = (u: CycleUsage) =>
  trafficUsedPercent(u.upload + u.download, trafficAllowanceBytes(u.holder.quota, [], u.cycle)) >=
  TRAFFIC_NOTICE_THRESHOLDS[0];

/** A member's quota this cycle, or null without one (no limit). */
export async function quotaStatusOf(
  db: Db,
  userId: number,
  now: number,
): Promise<QuotaStatus | null> {
  const holder = await findQuotaHolder(db, userId);
  if (!holder) return null;
  return (await statusesOf(db, await usagesOf(db, [holder], now))).get(userId) ?? null;
}

/** A quota status as the contract carries it (account centre, console, ops). */
export function quotaView(status: QuotaStatus): TrafficQuotaStatus {
  return {
    quotaGb: status.quota.gb,
    reset: status.quota.reset,
    allowanceBytes: status.allowanceBytes,
    usedBytes: status.usedBytes,
    percent: status.percent,
    cycleStart: status.cycle.start,
    nextReset: status.cycle.nextReset,
    over: status.over,
  };
}

/** "12.3 GB": bytes in the quota's GB (domain quotaGbText). */
export const gbText = quotaGbText;

function noticeVars(status: QuotaStatus, accountUrl: string) {
  return (language: Language) => ({
    percent: Math.min(status.percent, 100),
    used: gbText(status.usedBytes),
    quota: gbText(status.allowanceBytes),
    reset:
      status.cycle.nextReset === null
        ? translate(language, 'mail:traffic_quota_no_reset')
        : translate(language, 'mail:traffic_quota_resets', {
            time: formatDateTime(status.cycle.nextReset, language, { timeZone: 'UTC' }),
          }),
    accountUrl,
  });
}

/**
 * Inside a traffic report's transaction, after its daily rows were added: adds the report to its
 * quota members' running totals, marks those it took over their allowance and queues the
 * notices due. Costs one indexed read for a report without members who have a quota, and two
 * statements more (lock and write the totals) per 5,000 quota members on PostgreSQL.
 */
export async function checkTrafficQuotas(
  trx: Db,
  entries: readonly TrafficEntry[],
  now: number,
  publicUrl: string,
): Promise<void> {
  const active = entries.filter((e) => e.upload > 0 || e.download > 0);
  if (active.length === 0) return;
  const holders = await quotaHoldersAmong(
    trx,
    active.map((e) => e.userId),
  );
  if (holders.length === 0) return;
  const reported = new Map(active.map((e) => [e.userId, e]));
  // Every holder is among the reported (quotaHoldersAmong read them from the report's ids).
  const held = holders.map((holder) => ({
    holder,
    cycle: trafficCycle(holder.quota.reset, holder.purchasedAt, now),
    report: reported.get(holder.userId) ?? { upload: 0, download: 0 },
  }));
  const cycleOf = new Map(held.map(({ holder, cycle }) => [holder.userId, cycle]));
  const totals = await addQuotaUsage(
    trx,
    held.map(({ holder, cycle, report }) => ({
      userId: holder.userId,
      cycleStart: cycle.start,
      upload: report.upload,
      download: report.download,
    })),
    (stale) =>
      trafficSince(
        trx,
        stale.map(({ userId, cycleStart }) => {
          const cycle = cycleOf.get(userId);
          if (!cycle) throw new Error(`quota usage of user ${userId} has no cycle (${cycleStart})`);
          return { userId, fromDay: trafficCycleFirstDay(cycle) };
        }),
        trafficRollUpBeforeDay(now),
      ),
  );
  // Members marked over quota already stay marked until their reset or a top-up.
  const usages = held
    .filter(({ holder }) => holder.overQuotaUntil === null || holder.overQuotaUntil <= now)
    .map(({ holder, cycle }) => ({
      holder,
      cycle,
      ...(totals.get(holder.userId) ?? { upload: 0, download: 0 }),
    }));
  // Top-ups are read only for the members who may be near their quota (usually none).
  const statuses = await statusesOf(trx, usages.filter(nearQuota));
  const marks = new Map<number, number[]>();
  for (const [userId, status] of statuses) {
    if (status.over) {
      const until = status.cycle.nextReset ?? NO_RESET_UNTIL;
      const group = marks.get(until);
      if (group) group.push(userId);
      else marks.set(until, [userId]);
    }
    if (status.percent >= 80) await queueQuotaNotice(trx, userId, status, now, publicUrl);
  }
  for (const [until, ids] of marks) await markOverQuota(trx, ids, until, now);
}

async function queueQuotaNotice(
  trx: Db,
  userId: number,
  status: QuotaStatus,
  now: number,
  publicUrl: string,
): Promise<void> {
  const sent = (await trafficNoticesSent(
    trx,
    userId,
    status.cycle.start,
  )) as TrafficNoticeThreshold[];
  const [due] = trafficNoticesDue(status.usedBytes, status.allowanceBytes, sent);
  if (due === undefined) return;
  if (
    !(await claimTrafficNotice(trx, {
      userId,
      cycleStart: status.cycle.start,
      threshold: due,
      now,
    }))
  )
    return;
  await notifyMember(trx, {
    userId,
    kind: due === 100 ? 'traffic_quota_reached' : 'traffic_quota_warning',
    vars: noticeVars(status, `${publicUrl}/user`),
    now,
  });
}

/**
 * Grants a member `gb` more traffic for the cycle running now (an operator's top-up, audited):
 * a member it takes back under the allowance is listed by the feed at its next pull. Refused
 * (localised, nothing changed) for a size the domain refuses or a member without a quota.
 */
export async function grantTrafficTopUp(
  db: Db,
  input: { userId: number; gb: number; reason: string; actor: Actor; now: number },
): Promise<QuotaStatus> {
  const problem = trafficTopUpError(input.gb);
  if (problem) throw validationRefusal(problem, { max: TRAFFIC_QUOTA_GB_MAX });
  return db.transaction().execute(async (trx) => {
    const holder = await findQuotaHolder(trx, input.userId);
    if (holder === undefined) throw new Refusal(ErrorCode.USER_NOT_FOUND);
    if (holder === null) throw validationRefusal('top_up_no_quota');
    const bytes = gbToBytes(input.gb);
    await insertTopUp(trx, { userId: input.userId, bytes, at: input.now });
    const status = (await statusesOf(trx, await usagesOf(trx, [holder], input.now))).get(
      input.userId,
    );
    if (!status) throw new Error('quota status missing');
    if (!status.over) await clearOverQuota(trx, input.userId, input.now);
    await writeAudit(trx, {
      actor: input.actor,
      action: 'traffic.topped_up',
      subjectType: 'user',
      subjectId: input.userId,
      data: {
        gb: input.gb,
        reason: input.reason,
        allowanceBytes: status.allowanceBytes,
        usedBytes: status.usedBytes,
      },
      at: input.now,
    });
    return status;
  });
}
