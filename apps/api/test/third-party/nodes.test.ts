import { randomBytes } from 'node:crypto';
import { ShopGroupType } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import { EXAMPLE_NODES } from '../../src/nodes/example-nodes.ts';
import {
  checkNode,
  NodeInputError,
  nodesForPermission,
  saveNode,
  type NodeInput,
} from '../../src/nodes/node-store.ts';
import { subscriptionFormat } from '../../src/third-party/index.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe('which format a client gets', () => {
  test.each([
    [undefined, 'ClashX Pro/1.118.0', 'clash'],
    [undefined, 'clash-verge/v2.0.3', 'clash'],
    [undefined, 'ClashMetaForAndroid/2.11.1.Meta', 'clash'],
    [undefined, 'mihomo/1.19.0', 'clash'],
    [undefined, 'Stash/2.7.0 Clash/1.11.0', 'clash'],
    [undefined, 'FlClash/v0.8.60', 'clash'],
    [undefined, 'sing-box 1.11.4', 'singbox'],
    [undefined, 'SFA/1.11.4 (Android 14)', 'singbox'],
    [undefined, 'SFI/1.11.4', 'singbox'],
    [undefined, 'SFM/1.11.4', 'singbox'],
    [undefined, 'Shadowrocket/2070 CFNetwork/1568.100.1 Darwin/24.0.0', 'base64'],
    [undefined, 'v2rayN/7.0.1', 'base64'],
    [undefined, 'v2rayNG/1.9.16', 'base64'],
    [undefined, undefined, 'base64'],
    ['singbox', 'clash-verge/v2.0.3', 'singbox'],
    ['clash', 'SFA/1.11.4', 'clash'],
    ['base64', 'mihomo/1.19.0', 'base64'],
    ['yaml', 'mihomo/1.19.0', undefined],
    ['', 'mihomo/1.19.0', undefined],
  ] as const)('flag %s, user agent %s -> %s', (flag, agent, expected) => {
    expect(subscriptionFormat(flag, agent)).toBe(expected);
  });
});

describe('node definitions', () => {
  const good: NodeInput = {
    key: 'tokyo-2',
    name: 'Tokyo 2',
    region: 'JP',
    protocol: 'vless',
    host: 'jp2.example.net',
    port: 443,
    access: 'standard',
    params: { security: 'tls', sni: 'jp2.example.net', transport: { type: 'ws', path: '/ws' } },
  };

  test('every example node is valid', () => {
    for (const node of EXAMPLE_NODES) expect(checkNode(node), node.key).toMatchObject({ ok: true });
    expect(new Set(EXAMPLE_NODES.map((n) => n.protocol))).toEqual(
      new Set(['vless', 'trojan', 'shadowsocks', 'hysteria2']),
    );
  });

  test.each([
    ['an unknown protocol', { protocol: 'wireguard' }, 'protocol must be one of'],
    ['a port out of range', { port: 70_000 }, 'port must be 1-65535'],
    ['a lower-case region', { region: 'jp' }, 'region must be'],
    ['a host with a path', { host: 'jp2.example.net/x' }, 'host must be'],
    ['an unknown plan access', { access: 'premium' }, 'access must be one of'],
    ['a comma in the name (it would break Clash rules)', { name: 'Tokyo, 2' }, 'name must be'],
    [
      'params of another protocol',
      { params: { method: 'aes-256-gcm', password: 'x'.repeat(12) } },
      'params',
    ],
    [
      'reality without its public key',
      { params: { security: 'reality', sni: 'a.example', fingerprint: 'chrome' } },
      'realityPublicKey',
    ],
    [
      'vision flow over WebSocket',
      {
        params: {
          security: 'tls',
          sni: 'a.example',
          flow: 'xtls-rprx-vision',
          transport: { type: 'ws', path: '/' },
        },
      },
      'vision flow',
    ],
    [
      'an unknown field',
      { params: { security: 'tls', sni: 'a.example', allowInsecure: true } },
      'params',
    ],
    [
      'a 2022 cipher with a key of the wrong length',
      {
        protocol: 'shadowsocks',
        params: {
          method: '2022-blake3-aes-256-gcm',
          serverKey: Buffer.alloc(16).toString('base64'),
        },
      },
      'serverKey must be 32 bytes',
    ],
    [
      'a classic cipher with a server key (its members each have a password)',
      {
        protocol: 'shadowsocks',
        params: { method: 'aes-256-gcm', serverKey: Buffer.alloc(32).toString('base64') },
      },
      'classic ciphers take no serverKey',
    ],
    [
      'a node password for a classic cipher (members have their own)',
      { protocol: 'shadowsocks', params: { method: 'aes-256-gcm', password: 'x'.repeat(12) } },
      'params',
    ],
  ])('refuses %s', (_label, change, problem) => {
    const checked = checkNode({ ...good, ...change } as NodeInput);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? [] : checked.problems.join('\n')).toContain(problem);
  });

  describe('in the database', () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await startTestApp();
    });
    afterEach(() => t.close());

    test('saveNode adds, replaces by key and audits; a bad node writes nothing', async () => {
      const key = `tokyo-${randomBytes(3).toString('hex')}`;
      const change = { actor: 'ops:bob' as const, now: t.clock.now };
      expect(await saveNode(t.app.services.db, { ...good, key, sortOrder: 5 }, change)).toBe(
        'created',
      );
      expect(
        await saveNode(
          t.app.services.db,
          { ...good, key, name: 'Tokyo 2 (new)', access: 'lite', sortOrder: 5 },
          change,
        ),
      ).toBe('updated');
      const lite = await nodesForPermission(t.app.services.db, ShopGroupType.LITE);
      expect(lite.filter((n) => n.key === key)).toEqual([
        { ...good, key, name: 'Tokyo 2 (new)', access: 'lite' },
      ]);
      expect((await auditTrail(t.app.services.db, 'node', key)).map((r) => r.action)).toEqual([
        'node.created',
        'node.updated',
      ]);

      const bad = `bad-${randomBytes(3).toString('hex')}`;
      await expect(
        saveNode(t.app.services.db, { ...good, key: bad, port: 0 }, change),
      ).rejects.toBeInstanceOf(NodeInputError);
      expect(
        await t.app.services.db
          .selectFrom('nodes')
          .select('id')
          .where('node_key', '=', bad)
          .execute(),
      ).toEqual([]);
    });

    test("a disabled node is in nobody's list; Standard sees Lite nodes too", async () => {
      const standard = await nodesForPermission(t.app.services.db, ShopGroupType.STANDARD);
      const lite = await nodesForPermission(t.app.services.db, ShopGroupType.LITE);
      expect(lite.every((n) => n.access === 'lite')).toBe(true);
      expect(lite.every((l) => standard.some((s) => s.key === l.key))).toBe(true);
      const key = `off-${randomBytes(3).toString('hex')}`;
      await saveNode(
        t.app.services.db,
        { ...good, key, enabled: false },
        { actor: 'ops:bob', now: t.clock.now },
      );
      expect(
        (await nodesForPermission(t.app.services.db, ShopGroupType.STANDARD)).some(
          (n) => n.key === key,
        ),
      ).toBe(false);
    });
  });
});
