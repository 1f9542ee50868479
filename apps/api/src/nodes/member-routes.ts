import type { RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import {
  nodeOnline,
  nodeOpenTo,
  NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
  trafficChartSeries,
  trafficCycleStartDay,
  trafficDay,
  trafficDayStart,
  trafficThisCycle,
  TRAFFIC_CHART_DAYS,
} from '@nimbus/domain';
import { findUserById, membershipOf } from '../accounts/index.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { listFeedNodes } from './node-store.ts';
import { dailyTrafficOf } from './traffic-store.ts';

/** system_traffic: this cycle's traffic and the last 30 days, as the nodes reported them. */
export async function memberTraffic(
  _input: RequestOf<'systemTraffic'>,
  ctx: CallContext,
): Promise<Omit<ResponseOf<'systemTraffic'>, 'quota'>> {
  const { userId } = callerOf(ctx);
  const { now } = ctx;
  const cycleStart = trafficCycleStartDay(now);
  const from = Math.min(cycleStart, trafficDay(now) - TRAFFIC_CHART_DAYS + 1);
  const rows = await dailyTrafficOf(ctx.services.db, userId, from);
  const cycle = trafficThisCycle(rows, now);
  return {
    cycleStart: trafficDayStart(cycleStart),
    upload: cycle.upload,
    download: cycle.download,
    days: trafficChartSeries(rows, now).map((d) => ({
      day: trafficDayStart(d.day),
      upload: d.upload,
      download: d.download,
    })),
  };
}

// POST /api/system/system_nodes
/** The enabled servers the member's plan opens, with their online status. */
export async function memberNodes(
  _input: RequestOf<'systemNodes'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemNodes'>> {
  const { userId } = callerOf(ctx);
  const { now, services } = ctx;
  const user = await findUserById(services.db, userId);
  if (!user) return { items: [] };
  const membership = membershipOf(user);
  const nodes = await listFeedNodes(services.db);
  return {
    items: nodes
      .filter((n) => n.enabled && nodeOpenTo(n.node.access, membership, now))
      .map((n) => ({
        name: n.node.name,
        region: n.node.region,
        online: nodeOnline(n.lastPushAt, NODE_PUSH_INTERVAL_SECONDS_DEFAULT, now),
        lastSeenAt: n.lastPushAt,
      })),
  };
}
