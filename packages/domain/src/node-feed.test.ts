import { describe, expect, test } from 'vitest';
import { daysToMs, MS_PER_MINUTE, MS_PER_SECOND } from './duration.ts';
import type { Membership } from './membership.ts';
import {
  aliveAddressesKept,
  checkTrafficReport,
  feedDeviceLimit,
  feedSpeedLimitMbps,
  nodeOnline,
  nodeOpenTo,
  nodeReportBodyLimit,
  nodeReportCovers,
  nodeTypeAccepted,
  portCapacityBytes,
  trafficReportWindowMs,
  type NodeAccess,
} from './node-feed.ts';

const NOW = Date.UTC(2026, 7, 10, 9);
const future = NOW + daysToMs(3);
const past = NOW - 1;

describe('which members a node lets in', () => {
  test.each<[string, NodeAccess, Membership, boolean]>([
    [
      'a Standard member may use a Standard node',
      'standard',
      { standardExpiresAt: future, liteExpiresAt: null },
      true,
    ],
    [
      'a Standard member may use a Lite node',
      'lite',
      { standardExpiresAt: future, liteExpiresAt: null },
      true,
    ],
    [
      'a Lite member may use a Lite node',
      'lite',
      { standardExpiresAt: null, liteExpiresAt: future },
      true,
    ],
    [
      'a Lite member may not use a Standard node',
      'standard',
      { standardExpiresAt: null, liteExpiresAt: future },
      false,
    ],
    [
      'Standard time ran out, Lite runs: Lite nodes only',
      'standard',
      { standardExpiresAt: past, liteExpiresAt: future },
      false,
    ],
    ['time ran out: no node', 'lite', { standardExpiresAt: past, liteExpiresAt: past }, false],
    [
      'an expiry equal to now has run out',
      'lite',
      { standardExpiresAt: NOW, liteExpiresAt: null },
      false,
    ],
    ['never a member: no node', 'lite', { standardExpiresAt: null, liteExpiresAt: null }, false],
  ])('%s', (_rule, access, membership, expected) => {
    expect(nodeOpenTo(access, membership, NOW)).toBe(expected);
  });
});

describe('limits the feed carries', () => {
  test.each([
    ['the third-party client on: 10 Mbps', { enabled: true, lastEnabledAt: NOW }, 10],
    ['the third-party client off: no limit (0)', { enabled: false, lastEnabledAt: NOW }, 0],
  ])('%s', (_rule, state, expected) => {
    expect(feedSpeedLimitMbps(state)).toBe(expected);
  });

  test.each([
    ['the plan allows 3 devices: 3', 3, 3],
    ['a plan of 1 device: 1', 1, 1],
    ['0 would mean unlimited to the node: at least 1', 0, 1],
  ])('%s', (_rule, allowed, expected) => {
    expect(feedDeviceLimit(allowed)).toBe(expected);
  });
});

describe('a node is online by its last push', () => {
  test.each<[string, number | null, boolean]>([
    ['pushed a minute ago', NOW - MS_PER_MINUTE, true],
    ['pushed exactly three intervals ago', NOW - 3 * MS_PER_MINUTE, true],
    ['pushed just over three intervals ago', NOW - 3 * MS_PER_MINUTE - 1, false],
    ['never pushed', null, false],
  ])('%s: online %s', (_rule, lastPushAt, expected) => {
    expect(nodeOnline(lastPushAt, 60, NOW)).toBe(expected);
  });
});

describe('a traffic report is believed only whole', () => {
  const window = trafficReportWindowMs(NOW - MS_PER_MINUTE, NOW);
  const limits = { capacityMbps: 1_000, windowMs: window };
  const oneGbitMinute = portCapacityBytes(1_000, MS_PER_MINUTE);

  test('a 1 Gbit/s port carries 7.5 GB each way in a minute', () => {
    expect(oneGbitMinute).toBe(15_000_000_000);
  });

  test.each([
    [
      'ordinary traffic',
      [{ userId: 1, upload: 1_000, download: 50_000 }],
      { ok: true, value: { totalBytes: 51_000 } },
    ],
    ['an empty report', [], { ok: true, value: { totalBytes: 0 } }],
    [
      'exactly what the port carries',
      [{ userId: 1, upload: oneGbitMinute / 2, download: oneGbitMinute / 2 }],
      { ok: true, value: { totalBytes: oneGbitMinute } },
    ],
    [
      'a negative count',
      [
        { userId: 1, upload: 10, download: 10 },
        { userId: 2, upload: -5, download: 0 },
      ],
      { ok: false, error: 'not_a_count', params: { userId: 2 } },
    ],
    [
      'a fraction of a byte',
      [{ userId: 3, upload: 1.5, download: 0 }],
      { ok: false, error: 'not_a_count', params: { userId: 3 } },
    ],
    [
      'a count past 2^53',
      [{ userId: 4, upload: 2 ** 53, download: 0 }],
      { ok: false, error: 'not_a_count', params: { userId: 4 } },
    ],
    [
      'more than the port could carry, spread over members',
      [
        { userId: 1, upload: oneGbitMinute / 2, download: 0 },
        { userId: 2, upload: oneGbitMinute / 2 + 1, download: 0 },
      ],
      {
        ok: false,
        error: 'too_much_traffic',
        params: { totalBytes: oneGbitMinute + 1, capacityBytes: oneGbitMinute },
      },
    ],
  ])('%s', (_rule, entries, expected) => {
    expect(checkTrafficReport(entries, limits)).toEqual(expected);
  });

  test.each([
    ['a push 10 s after the last is judged over a minute', NOW - 10 * MS_PER_SECOND, MS_PER_MINUTE],
    [
      'a push 5 minutes after the last is judged over 5 minutes',
      NOW - 5 * MS_PER_MINUTE,
      5 * MS_PER_MINUTE,
    ],
    ['a node back after a week reports at most a day', NOW - daysToMs(7), daysToMs(1)],
    ['a clock that went backwards still gives the minimum', NOW + MS_PER_MINUTE, MS_PER_MINUTE],
  ])('%s', (_rule, since, expected) => {
    expect(trafficReportWindowMs(since, NOW)).toBe(expected);
  });
});

describe('what a node may report', () => {
  test.each<[string, 'push' | 'alive', { members: number; devices: number }, number]>([
    ['an empty list: the fixed allowance', 'push', { members: 0, devices: 0 }, 16_384],
    ['a push: 112 bytes a member', 'push', { members: 1_000, devices: 3_000 }, 128_384],
    [
      '100,000 members push at most about 11 MB',
      'push',
      { members: 100_000, devices: 0 },
      11_216_384,
    ],
    [
      'an alive report: 48 bytes a member and 128 a device',
      'alive',
      { members: 1_000, devices: 3_000 },
      16_384 + 48_000 + 384_000,
    ],
  ])('%s', (_rule, kind, list, expected) => {
    expect(nodeReportBodyLimit(kind, list)).toBe(expected);
  });

  test('a full compact push of ids and counts at their longest fits with room to spare', () => {
    const entry = `"${'9'.repeat(15)}":[${2 ** 53 - 1},${2 ** 53 - 1}],`;
    expect(2 * entry.length).toBeLessThanOrEqual(112);
  });

  const standard = { standardExpiresAt: future, liteExpiresAt: null };
  const lite = { standardExpiresAt: null, liteExpiresAt: future };
  const ranOut = { standardExpiresAt: NOW - MS_PER_SECOND * 30, liteExpiresAt: null };
  test.each<[string, NodeAccess, Membership, boolean]>([
    ['a Standard member on a Standard node', 'standard', standard, true],
    ['a Lite member on a Lite node', 'lite', lite, true],
    ['a Lite member on a Standard node it never lists', 'standard', lite, false],
    ['a member whose time ran out during the interval', 'standard', ranOut, true],
    [
      'a member whose time ran out before the interval',
      'lite',
      { standardExpiresAt: NOW - 2 * MS_PER_MINUTE, liteExpiresAt: null },
      false,
    ],
    ['never a member', 'lite', { standardExpiresAt: null, liteExpiresAt: null }, false],
  ])('%s: %s', (_rule, access, membership, expected) => {
    expect(nodeReportCovers(access, membership, NOW - MS_PER_MINUTE, NOW)).toBe(expected);
  });

  test.each<[string, string[], number, string[]]>([
    ['within the limit: all', ['10.0.0.1_3', '10.0.0.2_3'], 3, ['10.0.0.1_3', '10.0.0.2_3']],
    [
      'beyond the limit: the first ones',
      ['10.0.0.1_3', '10.0.0.2_3', '10.0.0.3_3', '10.0.0.4_3'],
      2,
      ['10.0.0.1_3', '10.0.0.2_3'],
    ],
    [
      'an address twice counts once',
      ['10.0.0.1_3', '10.0.0.1_4', '10.0.0.2_3'],
      2,
      ['10.0.0.1_3', '10.0.0.2_3'],
    ],
    ['a device limit of 0 still keeps one', ['10.0.0.1'], 0, ['10.0.0.1']],
  ])('%s', (_rule, ips, devices, expected) => {
    expect(aliveAddressesKept(ips, devices)).toEqual(expected);
  });
});

describe('the node type a pull names', () => {
  test.each([
    ['vless', 'vless', true],
    ['vless', 'v2ray', false],
    ['vless', 'vmess', false],
    ['vmess', 'vmess', true],
    ['vmess', 'v2ray', true],
    ['trojan', 'trojan', true],
    ['trojan', 'v2ray', false],
    ['shadowsocks', 'shadowsocks', true],
    ['hysteria2', 'hysteria2', true],
    ['hysteria2', 'hysteria', false],
  ])('a %s node asked as %s: %s', (protocol, nodeType, accepted) => {
    expect(nodeTypeAccepted(protocol, nodeType)).toBe(accepted);
  });
});
