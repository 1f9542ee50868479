import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buyer, userRow } from '../support/payments.ts';
import { databaseFingerprint } from '../security/fixtures.ts';
import {
  enrolledOperator,
  OperatorClient,
  type SignedInOperator,
} from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Scoped API tokens (src/api-tokens/README.md): an admin makes one in the console; a program (a
// reseller's shop) calls the console's own calls with it, within its scopes, each call audited
// under the token; revoked, expired, out-of-scope and made-up tokens are refused and change
// nothing.

let t: TestApp;
let admin: SignedInOperator;

beforeAll(async () => {
  t = await startTestApp();
  admin = await enrolledOperator(t, 'admin');
});
afterAll(() => t.close());

/** A program calling the console with a token, as `Authorization: Bearer nmb_...`. */
function program(secret: string): OperatorClient {
  const client = new OperatorClient(t.app, '127.0.0.9');
  client.token = `Bearer ${secret}`;
  return client;
}

async function newToken(scopes: string[], expiresInDays: number | null = null) {
  return admin.client.ok('adminApiTokenCreate', {
    name: `shop ${scopes.join(' ')}`,
    scopes,
    expiresInDays,
  });
}

describe('a reseller shop with a token', () => {
  test('grants a member time and makes redeem codes, each call audited under the token', async () => {
    const { token, secret } = await newToken(['users.read', 'users.manage', 'codes.manage']);
    expect(secret).toMatch(/^nmb_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ scopes: ['users.read', 'users.manage', 'codes.manage'] });
    // Only the secret's hash is kept.
    const stored = await t.app.services.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(secret);

    const shop = program(secret);
    // The shop makes the buyer's account, then grants the time they bought.
    const made = await shop.ok('adminUserCreate', {
      channel: 'email',
      account: `buyer.${Date.now()}@shop.example`,
      password: 'correct horse battery',
      language: 'zh-CN',
    });
    const member = { userId: Number(made.userId) };
    expect(await userRow(t, member.userId)).toMatchObject({
      language: 'zh_CN',
      inviter_id: null,
    });
    // The same address again (any case) is taken; a short password is refused; nothing made.
    const email = (await userRow(t, member.userId)).email ?? '';
    const again = await shop.call('adminUserCreate', {
      channel: 'email',
      account: email.toUpperCase(),
      password: 'correct horse battery',
    });
    expect(again.body.code).toBe(ErrorCode.ACCOUNT_EXISTS.code);
    const weak = await shop.call('adminUserCreate', {
      channel: 'username',
      account: `weak${Date.now()}`,
      password: 'short',
    });
    expect(weak.status).toBe(400);
    const before = (await userRow(t, member.userId)).standard_expires_at ?? t.clock.now;
    await shop.ok('adminUserAdjustTime', {
      userId: String(member.userId),
      plan: 'standard',
      days: 30,
      reason: 'Bought 30 days in the partner shop',
    });
    expect((await userRow(t, member.userId)).standard_expires_at).toBe(
      Math.max(before, t.clock.now) + 30 * MS_PER_DAY,
    );
    const codes = await shop.ok('adminRedeemCreate', { type: 'standard', days: 7, count: 2 });
    expect(codes.codes).toHaveLength(2);

    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'data'])
      .where('actor', '=', `token:${token.tokenId}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['api_token.call', 'user.created', 'membership.granted']),
    );
    expect(audit.filter((a) => a.action === 'api_token.call').map((a) => a.data)).toEqual(
      expect.arrayContaining([expect.stringContaining('"name":"shop users.read users.manage')]),
    );
    const listed = await admin.client.ok('adminApiTokenList', {});
    expect(listed.items.find((i) => i.tokenId === token.tokenId)?.lastUsedAt).toBe(t.clock.now);
  });

  test('out of scope, revoked, expired or made up: refused, nothing changed', async () => {
    const member = await buyer(t);
    const readOnly = await newToken(['users.read']);
    const grant = {
      userId: String(member.userId),
      plan: 'standard' as const,
      days: 30,
      reason: 'not allowed',
    };
    const before = await databaseFingerprint(t.app);
    const outOfScope = await program(readOnly.secret).call('adminUserAdjustTime', grant);
    expect(outOfScope.status).toBe(403);
    // An operator-only call, and a program making programs: refused whatever the scopes.
    expect(
      (await program(readOnly.secret).call('adminOperatorList', { page: 1, pageSize: 10 })).status,
    ).toBe(403);
    expect((await program(readOnly.secret).call('adminMe', {})).status).toBe(403);

    const revoked = await newToken(['users.manage']);
    await admin.client.ok('adminApiTokenRevoke', { tokenId: revoked.token.tokenId });
    expect((await program(revoked.secret).call('adminUserAdjustTime', grant)).body.code).toBe(
      ErrorCode.UNAUTHORIZED.code,
    );
    const expiring = await newToken(['users.manage'], 1);
    t.clock.advance(MS_PER_DAY + 1);
    expect((await program(expiring.secret).call('adminUserAdjustTime', grant)).status).toBe(401);
    expect(
      (await program(`nmb_${'x'.repeat(43)}`).call('adminUserDetail', { userId: '1' })).status,
    ).toBe(401);
    const after = await databaseFingerprint(t.app);
    expect(after.users).toEqual(before.users);
  });

  test('a token cannot make or revoke tokens, and support cannot either', async () => {
    // The clock moved past the last test's operator session: a fresh admin.
    admin = await enrolledOperator(t, 'admin');
    const all = await newToken(['users.read', 'users.manage', 'orders.manage', 'codes.manage']);
    expect(
      (
        await program(all.secret).call('adminApiTokenCreate', {
          name: 'child',
          scopes: ['users.read'],
        })
      ).status,
    ).toBe(403);
    const support = await enrolledOperator(t, 'support');
    expect(
      (await support.client.call('adminApiTokenCreate', { name: 'x', scopes: ['users.read'] }))
        .status,
    ).toBe(403);
    // An operator-only scope is refused by the contract.
    expect(
      (await admin.client.call('adminApiTokenCreate', { name: 'x', scopes: ['operators.manage'] }))
        .status,
    ).toBe(400);
  });
});
