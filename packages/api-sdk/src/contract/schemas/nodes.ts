import { Type, type Static } from 'typebox';
import { NoInput, NullableTimestamp, Timestamp } from './common.ts';

const Bytes = Type.Integer({ minimum: 0 });

/** Bytes through the nodes on one UTC day (`day`: the day's first instant, ms). */
export const TrafficDay = Type.Object({ day: Timestamp, upload: Bytes, download: Bytes });
export type TrafficDay = Static<typeof TrafficDay>;

/**
 * The member's traffic as the nodes reported it: this cycle (the calendar month, UTC; there is no
 * quota) and the last 30 days, oldest first, days without traffic as zeros.
 */
export const Traffic = Type.Object({
  cycleStart: Timestamp,
  upload: Bytes,
  download: Bytes,
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
