import { Type, type Static } from 'typebox';
import { NoInput, NullableTimestamp, Timestamp } from './common.ts';

const Bytes = Type.Integer({ minimum: 0 });

/** Bytes through the nodes on one UTC day (`day`: the day's first instant, ms). */
export const TrafficDay = Type.Object({ day: Timestamp, upload: Bytes, download: Bytes });
export type TrafficDay = Static<typeof TrafficDay>;

/**
 * A member's traffic quota this cycle (domain traffic-quota.ts): the plan's quota, the bytes
 * allowed (quota and this cycle's top-ups), used, and when the cycle started and starts again
 * (null: the quota never resets). `over`: off the nodes until the reset or a top-up.
 */
export const TrafficQuotaStatus = Type.Object({
  quotaGb: Type.Integer({ minimum: 1 }),
  reset: Type.Enum(['month_start', 'purchase_day', 'never']),
  allowanceBytes: Bytes,
  usedBytes: Bytes,
  /** Whole percent of the allowance used (floored; may pass 100). */
  percent: Type.Integer({ minimum: 0 }),
  cycleStart: Timestamp,
  nextReset: NullableTimestamp,
  over: Type.Boolean(),
});
export type TrafficQuotaStatus = Static<typeof TrafficQuotaStatus>;

/**
 * The member's traffic as the nodes reported it: this cycle (the quota's cycle, or the calendar
 * month, UTC, without a quota), the quota (null: no limit) and the last 30 days, oldest first,
 * days without traffic as zeros.
 */
export const Traffic = Type.Object({
  cycleStart: Timestamp,
  upload: Bytes,
  download: Bytes,
  quota: Type.Union([TrafficQuotaStatus, Type.Null()]),
  days: Type.Array(TrafficDay),
});
export type Traffic = Static<typeof Traffic>;

/** A server open to the member's plan, with its region (ISO 3166 alpha-2) and status. */
export const NodeStatusItem = Type.Object({
  name: Type.String(),
  region: Type.String({ pattern: '^[A-Z]{2}$' }),
  /** Online while its last traffic report is at most three report intervals old. */
  online: Type.Boolean(),
  /** Its last report (ms), null when it never reported. */
  lastSeenAt: NullableTimestamp,
});
export type NodeStatusItem = Static<typeof NodeStatusItem>;

export const NodeStatusList = Type.Object({ items: Type.Array(NodeStatusItem) });
export type NodeStatusList = Static<typeof NodeStatusList>;

export const nodes = {
  systemTraffic: { request: NoInput, response: Traffic },
  /** The servers the member's plan opens, in display order; empty without membership. */
  systemNodes: { request: NoInput, response: NodeStatusList },
} as const;
