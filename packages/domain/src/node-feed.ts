import { MS_PER_SECOND } from './duration.ts';
import { ShopGroupType } from './enums.ts';
import { nodePermission, type Membership } from './membership.ts';
import { err, ok, type Result } from './result.ts';
import { thirdPartySpeedLimitMbps, type ThirdPartyClientState } from './third-party-client.ts';

/**
 * The rules of the node feed: which members a VPN server lets in, with which limits, whether a
 * server counts as online, and which traffic reports are believable.
 */

/** Which plan's members a node serves: Standard nodes Standard members; Lite nodes everyone with time. */
export type NodeAccess = 'standard' | 'lite';

/** Default seconds between a node's pulls of its user list and between its traffic pushes. */
export const NODE_PULL_INTERVAL_SECONDS_DEFAULT = 60;
export const NODE_PUSH_INTERVAL_SECONDS_DEFAULT = 60;
/** A node is online while its last push is at most this many push intervals old. */
export const NODE_ONLINE_PUSH_INTERVALS = 3;
/** An alive report (online addresses of a member) counts for this long. */
export const NODE_ALIVE_TTL_SECONDS = 180;
/** Port speed assumed for a node whose operator gave none (1 Gbit/s). */
export const NODE_CAPACITY_MBPS_DEFAULT = 1_000;
/** The shortest interval a traffic report is judged over, so clock jitter never refuses one. */
export const TRAFFIC_REPORT_MIN_WINDOW_SECONDS = 60;
/** The longest interval: a node back after a day away reports at most a day's traffic. */
export const TRAFFIC_REPORT_MAX_WINDOW_SECONDS = 24 * 60 * 60;

/** Whether a member with this membership may use a node of this access level now. */
export function nodeOpenTo(access: NodeAccess, membership: Membership, now: number): boolean {
  const permission = nodePermission(membership, now);
  if (permission === null) return false;
  return access === 'lite' || permission === ShopGroupType.STANDARD;
}

/**
 * The speed limit a node applies to a member, in Mbps as the UniProxy feed carries it (0: no
 * limit): 10 while the third-party client is on.
 */
export function feedSpeedLimitMbps(thirdParty: ThirdPartyClientState): number {
  return thirdPartySpeedLimitMbps(thirdParty) ?? 0;
}

/**
 * The number of devices (online addresses across all nodes) a member may use at once: what the
 * plan allows. 0 in the feed means no limit, which no plan gives, so at least 1.
 */
export function feedDeviceLimit(devicesAllowed: number): number {
  return Math.max(1, Math.floor(devicesAllowed));
}

/** Online while the last push is recent: within NODE_ONLINE_PUSH_INTERVALS push intervals. */
export function nodeOnline(
  lastPushAt: number | null,
  pushIntervalSeconds: number,
  now: number,
): boolean {
  if (lastPushAt === null) return false;
  return now - lastPushAt <= NODE_ONLINE_PUSH_INTERVALS * pushIntervalSeconds * MS_PER_SECOND;
}

/**
 * The interval a traffic report covers: since the node's previous push (or, for its first one,
 * since it last pulled or was added), clamped to [TRAFFIC_REPORT_MIN_WINDOW_SECONDS,
 * TRAFFIC_REPORT_MAX_WINDOW_SECONDS].
 */
export function trafficReportWindowMs(since: number, now: number): number {
  const min = TRAFFIC_REPORT_MIN_WINDOW_SECONDS * MS_PER_SECOND;
  const max = TRAFFIC_REPORT_MAX_WINDOW_SECONDS * MS_PER_SECOND;
  return Math.min(max, Math.max(min, now - since));
}

/** The most bytes a port of `capacityMbps` carries in `windowMs`, both directions together. */
export function portCapacityBytes(capacityMbps: number, windowMs: number): number {
  // Mbit/s -> bytes/ms is x 125; a full-duplex port carries that each way.
  return 2 * capacityMbps * 125 * windowMs;
}

export interface TrafficEntry {
  readonly userId: number;
  readonly upload: number;
  readonly download: number;
}

export type TrafficReportError = 'not_a_count' | 'too_much_traffic';

/**
 * A node's traffic report is believed only whole: every count a whole number of bytes from 0 up,
 * and all of them together no more than the node's port could carry in the interval.
 */
export function checkTrafficReport(
  entries: readonly TrafficEntry[],
  limits: { readonly capacityMbps: number; readonly windowMs: number },
): Result<{ readonly totalBytes: number }, TrafficReportError> {
  let total = 0;
  for (const entry of entries) {
    for (const count of [entry.upload, entry.download]) {
      if (!Number.isSafeInteger(count) || count < 0)
        return err('not_a_count', { userId: entry.userId });
      total += count;
    }
  }
  const capacity = portCapacityBytes(limits.capacityMbps, limits.windowMs);
  if (total > capacity)
    return err('too_much_traffic', { totalBytes: total, capacityBytes: capacity });
  return ok({ totalBytes: total });
}

/**
 * A report a node may send is as large as its members can need, never more: its body is read only
 * up to this. Twice the compact JSON of a full report (`"<id>":[<upload>,<download>],` is at most
 * 56 bytes; an alive address `"<IPv6>_<node>",` at most 64), which leaves room for spacing and for
 * members who left the list since the node pulled, plus a fixed allowance for a small node.
 */
export const NODE_REPORT_BASE_BYTES = 16 * 1024;
export const NODE_PUSH_BYTES_PER_MEMBER = 112;
export const NODE_ALIVE_BYTES_PER_MEMBER = 48;
export const NODE_ALIVE_BYTES_PER_DEVICE = 128;

export type NodeReportKind = 'push' | 'alive';

/**
 * The most bytes a node's push or alive body may have, from the list it serves: its members and
 * the devices they may use together (the sum of their device limits).
 */
export function nodeReportBodyLimit(
  kind: NodeReportKind,
  list: { readonly members: number; readonly devices: number },
): number {
  const perList =
    kind === 'push'
      ? NODE_PUSH_BYTES_PER_MEMBER * list.members
      : NODE_ALIVE_BYTES_PER_MEMBER * list.members + NODE_ALIVE_BYTES_PER_DEVICE * list.devices;
  return NODE_REPORT_BASE_BYTES + perList;
}

/**
 * Whether a node may report traffic or addresses for a member: the member's plan reaches the
 * node now or reached it when the reported interval began (`since`: the node's previous report),
 * so a member whose time ran out in the interval still has its last traffic counted, while a node
 * never serving the member (a Standard node and a Lite member) is refused.
 */
export function nodeReportCovers(
  access: NodeAccess,
  membership: Membership,
  since: number,
  now: number,
): boolean {
  return nodeOpenTo(access, membership, now) || nodeOpenTo(access, membership, since);
}

/**
 * The addresses of a member an alive report is believed for: each address once (node software
 * appends "_<node>"), at most the member's device limit, in the order reported. More would keep
 * the member off other nodes for devices they may not have.
 */
export function aliveAddressesKept(ips: readonly string[], devicesAllowed: number): string[] {
  const limit = feedDeviceLimit(devicesAllowed);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const ip of ips) {
    const address = ip.split('_')[0] ?? ip;
    if (seen.has(address)) continue;
    if (kept.length >= limit) break;
    seen.add(address);
    kept.push(ip);
  }
  return kept;
}

/**
 * Whether a node of `protocol` answers a pull that names `nodeType` (lower-cased). Each program
 * names its protocol: V2bX sends vless, vmess (its "v2ray" setting), trojan, shadowsocks,
 * hysteria2; XrayR sends vless (V2ray with EnableVless, or Vless), v2ray or vmess for VMess,
 * trojan, shadowsocks. "v2ray" is VMess only: a VLESS node asked as v2ray would hand VLESS
 * members to a VMess inbound, where none of them can connect.
 */
export function nodeTypeAccepted(protocol: string, nodeType: string): boolean {
  if (nodeType === protocol) return true;
  return protocol === 'vmess' && nodeType === 'v2ray';
}
