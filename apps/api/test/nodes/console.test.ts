import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { feed, testNode, TROJAN_NODE, type TestNode } from './feed-helpers.ts';
import { auditActions } from '../support/payments.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInOperator;
let finance: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
  finance = await enrolledOperator(t, 'finance');
});
afterAll(() => t.close());

describe('nodes in the console', () => {
  test('an admin lists nodes, rotates a token (the old one stops) and disables a node', async () => {
    const node = await testNode(t, TROJAN_NODE);
    const other = await testNode(t, { ...TROJAN_NODE, key: 'second-node' });
    const list = await admin.client.ok('adminNodeList', { page: 1, pageSize: 1 });
    const stored = await t.app.services.db.selectFrom('nodes').select('id').execute();
    expect(list.total).toBe(stored.length);
    expect(list.items).toHaveLength(1);
    const all = await admin.client.ok('adminNodeList', { page: 1, pageSize: 100 });
    expect(all.items.find((n) => n.key === node.key)).toMatchObject({
      enabled: true,
      hasToken: true,
      online: false,
      lastPushAt: null,
    });
    expect((await feed(t, node, 'GET', 'config')).status).toBe(200);

    const { token } = await admin.client.ok('adminNodeRotateToken', { key: node.key });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await feed(t, node, 'GET', 'config')).status).toBe(422);
    expect((await feed(t, { ...node, token }, 'GET', 'config')).status).toBe(200);

    const off = await admin.client.ok('adminNodeSetEnabled', { key: other.key, enabled: false });
    expect(off.node).toMatchObject({ key: other.key, enabled: false });
    expect(await auditActions(t, 'node', node.key)).toContain('node.token_rotated');
    expect(await auditActions(t, 'node', other.key)).toContain('node.disabled');
  });

  test('an unknown node and a finance operator are refused', async () => {
    expect(
      (await admin.client.call('adminNodeRotateToken', { key: 'no-such-node' })).body.code,
    ).toBe(ErrorCode.NODE_NOT_FOUND.code);
    expect(
      (await admin.client.call('adminNodeSetEnabled', { key: 'no-such-node', enabled: false })).body
        .code,
    ).toBe(ErrorCode.NODE_NOT_FOUND.code);
    expect((await finance.client.call('adminNodeList', { page: 1, pageSize: 10 })).body.code).toBe(
      ErrorCode.FORBIDDEN.code,
    );
  });

  test('an admin creates a node: answered once with its token, audited, seen by pnpm ops', async () => {
    const key = 'console-vless';
    const created = await admin.client.ok('adminNodeCreate', { ...VLESS, key });
    expect(created.node).toMatchObject({
      key,
      name: 'Console VLESS',
      region: 'JP',
      protocol: 'vless',
      access: 'lite',
      host: 'jp9.example.com',
      port: 8443,
      enabled: true,
      hasToken: true,
      online: false,
      lastPullAt: null,
      lastPushAt: null,
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token opens the node's feed: its settings are what the console sent.
    const node: TestNode = {
      id: Number(created.node.nodeId),
      key,
      token: created.token,
      type: 'vless',
      ip: '127.9.0.1',
    };
    const config = await feed(t, node, 'GET', 'config');
    expect(config.status).toBe(200);
    expect(config.json()).toMatchObject({ server_port: 8443, server_name: 'jp9.example.com' });
    expect((await feed(t, node, 'GET', 'user')).status).toBe(200);
    const listed = (await admin.client.ok('adminNodeList', { page: 1, pageSize: 100 })).items;
    expect(listed.find((n) => n.key === key)?.lastPullAt).toBe(t.clock.now);

    const actors = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('subject_type', '=', 'node')
      .where('subject_id', '=', key)
      .orderBy('id')
      .execute();
    expect(actors).toEqual([
      { action: 'node.created', actor: `operator:${admin.operatorId}` },
      { action: 'node.token_rotated', actor: `operator:${admin.operatorId}` },
    ]);
    const ops = await runOpsCommand('nodes', ['list', '--json'], t.app.services, t.clock.now);
    expect(
      (JSON.parse(ops.stdout) as { key: string; capacityMbps: number }[]).find(
        (n) => n.key === key,
      ),
    ).toMatchObject({ protocol: 'vless', capacityMbps: 2500, enabled: true, hasToken: true });

    // A taken key is refused (ops replaces; the console never overwrites a node by accident).
    const again = await admin.client.call('adminNodeCreate', { ...VLESS, key, name: 'Other' });
    expect(again.body.code).toBe(ErrorCode.NODE_EXISTS.code);
    expect(await auditActions(t, 'node', key)).toEqual(['node.created', 'node.token_rotated']);
  });

  test.each([
    [{ key: 'Bad Key' }, 'Keys are 1-63 lower-case letters', '标识为 1 到 63 个'],
    [{ region: 'jp' }, 'Enter a two-letter region code such as JP', '请输入两位地区代码'],
    [{ host: 'jp9 example' }, 'Enter a host name or an IP address', '请输入主机名'],
    [{ capacityMbps: 400_001 }, 'check your input', '检查'],
    [
      { params: { security: 'reality', sni: 'jp9.example.com' } },
      'needs realityPrivateKey',
      'needs realityPrivateKey',
    ],
    [
      { protocol: 'vmess', params: { tls: true } },
      'VMess with TLS needs an SNI',
      '启用 TLS 的 VMess 需要填写 SNI',
    ],
    [
      { protocol: 'vmess', params: { alterId: 64 } },
      'VMess nodes run AEAD only',
      'VMess 节点仅支持 AEAD',
    ],
    [
      { protocol: 'trojan', params: { sni: 'a', method: 'aes-256-gcm' } },
      'The node is not valid',
      '节点配置无效',
    ],
  ] as const)(
    'a bad node %o is refused in the reader language and changes nothing',
    async (bad, en, zh) => {
      const before = await t.app.services.db.selectFrom('nodes').select('id').execute();
      const audit = await t.app.services.db.selectFrom('audit_log').select('id').execute();
      const input = { ...VLESS, key: 'refused-node', ...bad };
      const answer = await admin.client.call('adminNodeCreate', input);
      expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
      expect(answer.body.msg).toContain(en);
      admin.client.language = 'zh-CN';
      const inChinese = await admin.client.call('adminNodeCreate', input);
      admin.client.language = 'en';
      expect(inChinese.body.msg).toContain(zh);
      expect(await t.app.services.db.selectFrom('nodes').select('id').execute()).toHaveLength(
        before.length,
      );
      expect(await t.app.services.db.selectFrom('audit_log').select('id').execute()).toHaveLength(
        audit.length,
      );
    },
  );

  test('creating a node takes the admin role', async () => {
    const answer = await finance.client.call('adminNodeCreate', { ...VLESS, key: 'finance-node' });
    expect(answer.body.code).toBe(ErrorCode.FORBIDDEN.code);
    const rows = await t.app.services.db
      .selectFrom('nodes')
      .select('id')
      .where('node_key', '=', 'finance-node')
      .execute();
    expect(rows).toEqual([]);
  });
});

const VLESS = {
  key: 'console-vless',
  name: 'Console VLESS',
  region: 'JP',
  protocol: 'vless',
  host: 'jp9.example.com',
  port: 8443,
  access: 'lite',
  capacityMbps: 2500,
  params: { security: 'tls', sni: 'jp9.example.com' },
} as const;
