import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { feed, testNode, TROJAN_NODE } from '../nodes/feed-helpers.ts';
import { auditActions } from '../payments/helpers.ts';
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
});
