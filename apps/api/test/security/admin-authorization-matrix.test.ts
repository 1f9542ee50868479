import { randomBytes } from 'node:crypto';
import {
  adminEndpointNames,
  adminEndpoints,
  adminSchemas,
  ErrorCode,
  type AdminEndpointName,
  type AdminEndpointSpec,
  type AdminRequestOf,
} from '@nimbus/api-sdk/contract';
import {
  GroupBuyPaymentType,
  OPERATOR_ROLES,
  PromoKind,
  roleAllows,
  ShopGroupType,
  type OperatorRole,
} from '@nimbus/domain';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createOperator } from '../../src/operators/index.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { saveBenefit } from '../../src/benefits/manage-benefits.ts';
import { benefitSecrets } from '../../src/benefits/store.ts';
import { insertDevice } from '../../src/devices/store.ts';
import { createRedeemBatch } from '../../src/membership/manage-redeem-codes.ts';
import { createPromo } from '../../src/orders/manage-promo-codes.ts';
import { saveNotice } from '../../src/settings/index.ts';
import { testNode, TROJAN_NODE } from '../nodes/feed-helpers.ts';
import { validatorFor } from '../../src/http/validator.ts';
import { sealWebhookSecret, webhookSecrets } from '../../src/webhooks/index.ts';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { applyForKol } from '../../src/inviters/kol-applications.ts';
import { buy, buyer, pressOnCheckout, userRow } from '../support/payments.ts';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { GROUP_BUY_ON, paidGroup } from '../support/group-buy.ts';
import { giveWallet } from '../support/kol-wallet.ts';
import {
  enrolledOperator,
  OperatorClient,
  type SignedInOperator,
} from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { databaseFingerprint, expectRefusal } from './fixtures.ts';

/**
 * The console's authorization matrix, generated from its catalogue (admin-endpoints.ts): every
 * call that is not public is refused to anonymous callers, to malformed tokens, to members' tokens
 * and to disabled operators (UNAUTHORIZED); a session that has not set up two-factor reaches only
 * the enrolment calls; and every role is let through exactly where domain `roleAllows` says, and
 * refused (FORBIDDEN, nothing changed but the refusal's audit row) everywhere else. A new console call fails this file until
 * it has a sample input below.
 */

let t: TestApp;
/** What the samples name: a user and an operator that exist. */
interface Fixture {
  userId: number;
  spareOperatorId: () => Promise<string>;
  /** A new paid order (refunds take one each). */
  paidOrderId: () => Promise<string>;
  /** A new unpaid order (marking paid and cancelling take one each). */
  pendingOrderId: () => Promise<string>;
  /** A KOL (rate changes, reads). */
  kolId: number;
  /** A new KOL whose referred friend's purchase is payable now (payouts take one each). */
  payableKolId: () => Promise<string>;
  /** A new pending KOL application (approving and declining take one each). */
  applicationId: () => Promise<string>;
  /** A new device bound to the member above (unbinding takes one each). */
  boundDeviceId: () => Promise<string>;
  /** A new open pay-self group whose creator paid (closing takes one each). */
  openGroupId: () => Promise<string>;
  /** A new active promo code and redeem code (disabling takes one each). */
  promoCode: () => Promise<string>;
  redeemCode: () => Promise<string>;
  /** A new site notice (removing takes one each). */
  noticeId: () => Promise<string>;
  /** A node of the feed. */
  nodeKey: string;
  /** A new benefit (removing takes one each). */
  benefitKey: () => Promise<string>;
  /** A new open ticket of a new member about their paid order (each call writes to one). */
  ticket: () => Promise<{ ticketId: string; orderId: string }>;
  /** A webhook endpoint (a new one when `fresh`: deleting takes one each) and a new delivery. */
  webhook: (fresh?: boolean) => Promise<{ endpointId: string; deliveryId: string }>;
  /** A new live API token's id. */
  apiToken: () => Promise<string>;
}
let fixture: Fixture;
let serial = 0;

const page = { page: 1, pageSize: 10 };
const SPARE_PROMO = {
  kind: PromoKind.PERCENT,
  value: 5,
  currency: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerUser: null,
  planIds: null,
};
const SPARE_REDEEM = {
  days: 1,
  devicesAllowed: 2,
  maxUses: 1,
  count: 1,
  expiresAt: null,
  code: null,
};

/** A valid request per call (checked against the call's schema before use). */
const SAMPLES: {
  [N in AdminEndpointName]: (f: Fixture) => Promise<AdminRequestOf<N>> | AdminRequestOf<N>;
} = {
  adminLogin: () => ({ username: 'nobody', password: 'not a password' }),
  adminLogout: () => ({}),
  adminMe: () => ({}),
  adminEnrolStart: () => ({}),
  adminEnrolConfirm: () => ({ code: '000000' }),
  adminOperatorList: () => page,
  adminOperatorCreate: () => ({ username: `matrix.${++serial}`, role: 'support' }),
  adminOperatorDisable: async (f) => ({ operatorId: await f.spareOperatorId() }),
  adminUserSearch: () => ({ query: 'someone@example.com', ...page }),
  adminUserDetail: (f) => ({ userId: String(f.userId) }),
  adminUserSuspend: (f) => ({ userId: String(f.userId), reason: 'matrix' }),
  adminUserReinstate: (f) => ({ userId: String(f.userId), reason: 'matrix' }),
  adminUserRevokeSessions: (f) => ({ userId: String(f.userId) }),
  adminOverview: () => ({}),
  adminAuditSearch: () => ({ action: 'user.suspended', ...page }),
  adminOrderMarkPaid: async (f) => ({ orderId: await f.pendingOrderId(), reference: 'TX-1' }),
  adminOrderCancel: async (f) => ({ orderId: await f.pendingOrderId(), reason: 'matrix' }),
  adminOrderSearch: (f) => ({ userId: String(f.userId), ...page }),
  adminOrderRefund: async (f) => ({ orderId: await f.paidOrderId(), reason: 'matrix' }),
  adminGroupList: () => ({ state: 'open', ...page }),
  adminGroupDetail: async (f) => ({ groupId: await f.openGroupId() }),
  adminGroupClose: async (f) => ({ groupId: await f.openGroupId(), reason: 'matrix' }),
  adminKolList: () => ({ payableOnly: true, ...page }),
  adminKolDetail: (f) => ({ userId: String(f.kolId) }),
  adminKolSetRate: (f) => ({ userId: String(f.kolId), ratePercent: 40 }),
  adminKolApplications: () => ({ status: 'pending', ...page }),
  adminKolApprove: async (f) => ({ applicationId: await f.applicationId() }),
  adminKolDecline: async (f) => ({ applicationId: await f.applicationId(), reason: 'matrix' }),
  adminKolPayout: async (f) => ({
    userId: await f.payableKolId(),
    txHash: `0x${randomBytes(32).toString('hex')}`,
  }),
  adminUserUnbindDevice: async (f) => ({
    userId: String(f.userId),
    deviceId: await f.boundDeviceId(),
  }),
  adminUserAdjustTime: (f) => ({
    userId: String(f.userId),
    plan: 'lite',
    days: 1,
    reason: 'matrix',
  }),
  adminUserTopUp: (f) => ({ userId: String(f.userId), gb: 1, reason: 'matrix' }),
  adminUserChangeContact: (f) => ({
    userId: String(f.userId),
    field: 'email',
    value: `matrix.${++serial}@example.com`,
    reason: 'matrix',
  }),
  adminPlanList: () => ({ status: 'active', ...page }),
  adminPlanCreate: () => ({ type: 'lite', durationDays: 30, priceMinor: 499 }),
  adminPlanUpdate: () => ({ planId: '1', priceMinor: 1000 + ++serial }),
  adminPromoList: () => ({ query: 'M', status: 'active', ...page }),
  adminPromoCreate: () => ({ code: `MATRIX${++serial}`, percent: 10 }),
  adminPromoDisable: async (f) => ({ code: await f.promoCode() }),
  adminRedeemList: () => ({ query: 'M', ...page }),
  adminRedeemCreate: () => ({ type: 'lite', days: 3, count: 2 }),
  adminRedeemDisable: async (f) => ({ code: await f.redeemCode() }),
  adminSettingList: () => ({}),
  adminSettingSet: () => ({ key: 'support.telegram', text: `@matrix${++serial}` }),
  adminSettingUnset: () => ({ key: 'features.trial' }),
  adminNoticeList: () => ({}),
  adminNoticeSave: () => ({
    notice: {
      id: `matrix-${++serial}`,
      level: 'info',
      text: { en: 'Maintenance tonight', 'zh-CN': '今晚维护' },
      link: null,
      startsAt: null,
      endsAt: null,
    },
  }),
  adminNoticeRemove: async (f) => ({ id: await f.noticeId() }),
  adminBenefitList: () => page,
  adminBenefitSave: () => ({
    mode: 'create',
    key: `matrix-${++serial}`,
    name: 'Matrix',
    link: 'https://matrix.example',
    accountName: 'shared@matrix.example',
    password: 'matrix-pass',
  }),
  adminBenefitRemove: async (f) => ({ key: await f.benefitKey() }),
  adminNodeList: () => page,
  adminNodeCreate: () => ({
    key: `matrix-node-${++serial}`,
    name: 'Matrix node',
    region: 'SG',
    protocol: 'trojan',
    host: 'matrix.example.com',
    port: 443,
    access: 'standard',
    params: { sni: 'matrix.example.com' },
  }),
  adminNodeSetEnabled: (f) => ({ key: f.nodeKey, enabled: ++serial % 2 === 0 }),
  adminNodeRotateToken: (f) => ({ key: f.nodeKey, graceMinutes: 5 }),
  adminTicketQueue: () => ({ status: 'open', category: 'payment', ...page }),
  adminTicketDetail: async (f) => ({ ticketId: (await f.ticket()).ticketId }),
  adminTicketReply: async (f) => ({ ticketId: (await f.ticket()).ticketId, message: 'matrix' }),
  adminTicketAssign: async (f) => ({ ticketId: (await f.ticket()).ticketId }),
  adminTicketClose: async (f) => ({ ticketId: (await f.ticket()).ticketId }),
  adminTicketRefund: async (f) => ({ ...(await f.ticket()), reason: 'matrix' }),
  adminTicketGrantTime: async (f) => ({
    ticketId: (await f.ticket()).ticketId,
    plan: 'lite',
    days: 1,
    reason: 'matrix',
  }),
  adminWebhookList: () => ({}),
  adminWebhookCreate: () => ({
    url: 'http://127.0.0.1:9/matrix',
    description: 'matrix',
    events: ['order.paid'],
    enabled: false,
  }),
  adminWebhookUpdate: async (f) => ({
    endpointId: (await f.webhook()).endpointId,
    url: 'http://127.0.0.1:9/matrix',
    description: 'matrix',
    events: ['order.refunded'],
    enabled: false,
  }),
  adminWebhookRotateSecret: async (f) => ({ endpointId: (await f.webhook()).endpointId }),
  adminWebhookDelete: async (f) => ({ endpointId: (await f.webhook(true)).endpointId }),
  adminWebhookDeliveries: async (f) => ({ endpointId: (await f.webhook()).endpointId, ...page }),
  adminWebhookReplay: async (f) => ({ deliveryId: (await f.webhook()).deliveryId }),
  adminUserCreate: () => ({
    channel: 'username',
    account: `matrixmade${++serial}`,
    password: 'correct horse battery',
  }),
  adminApiTokenList: () => ({}),
  adminApiTokenCreate: () => ({ name: 'matrix', scopes: ['users.read'], expiresInDays: 1 }),
  adminApiTokenRevoke: async (f) => ({ tokenId: await f.apiToken() }),
};

const spec = (name: AdminEndpointName): AdminEndpointSpec => adminEndpoints[name];
const GUARDED = adminEndpointNames.filter((n) => spec(n).access !== 'public');
/** Access refusals: what a caller without the right gets (anything else got past the check). */
const ACCESS_CODES: number[] = [
  ErrorCode.UNAUTHORIZED.code,
  ErrorCode.FORBIDDEN.code,
  ErrorCode.OPERATOR_ENROLMENT_REQUIRED.code,
];

async function fingerprint() {
  const { db } = t.app.services;
  const operators = await Promise.all(
    // The console's own tables and the catalogue and site set-up operators change.
    (
      [
        'operators',
        'operator_recovery_codes',
        'plans',
        'promo_codes',
        'redeem_codes',
        'settings',
        'nodes',
        'benefits',
        'kol_applications',
        'kol_wallets',
      ] as const
    ).map((table) => db.selectFrom(table).selectAll().execute()),
  );
  return { owned: await databaseFingerprint(t.app), operators: JSON.stringify(operators) };
}

async function sample<N extends AdminEndpointName>(name: N): Promise<AdminRequestOf<N>> {
  const input = await SAMPLES[name](fixture);
  const validator = validatorFor(adminSchemas[name].request as TSchema);
  expect(validator.Check(input), `sample of ${name} fits its schema`).toBe(true);
  return input;
}

async function expectRefusedUnchanged(
  client: OperatorClient,
  name: AdminEndpointName,
  entry: (typeof ErrorCode)[keyof typeof ErrorCode],
) {
  const input = await sample(name);
  const before = await fingerprint();
  expectRefusal(await client.call(name, input), entry);
  const after = await fingerprint();
  if (entry.http === 403) {
    // A signed-in operator's refused call leaves its audit row (issue 30, item 9a), only that.
    const added = (after.owned.audit_log ?? []).filter(
      (row) => !(before.owned.audit_log ?? []).includes(row),
    );
    expect(
      added.map((row) => JSON.parse(row) as Record<string, unknown>),
      `${name} refused and audited`,
    ).toMatchObject([
      {
        action: 'operator.call_refused',
        subject_type: 'operator',
        data: expect.stringContaining(`"call":"${spec(name).path}"`) as unknown,
      },
    ]);
    after.owned.audit_log = before.owned.audit_log ?? [];
  }
  expect(after, `${name} refused without changing anything else`).toEqual(before);
}

beforeAll(async () => {
  // Commissions are payable at once, so a payout can follow a purchase.
  t = await startTestApp({
    env: { JOBS_INTERVAL_SECONDS: '0', KOL_HOLDING_DAYS: '0', ...GROUP_BUY_ON },
  });
  const member = await registerWithUsername(new Client(t.app));
  const { db, dialect } = t.app.services;
  // A traffic quota, so support can top it up.
  await db
    .updateTable('users')
    .set({ quota_gb: 10, quota_reset: 'month_start', quota_purchased_at: t.clock.now })
    .where('id', '=', Number(member.userId))
    .execute();
  const newKol = async () => {
    const { userId } = await buyer(t);
    await markKol(db, dialect, userId, 100, { actor: 'ops:test', now: t.clock.now });
    await giveWallet(db, userId, t.clock.now);
    return userId;
  };
  fixture = {
    userId: Number(member.userId),
    kolId: await newKol(),
    payableKolId: async () => {
      const kolId = await newKol();
      const { invite_code: inviteCode } = await userRow(t, kolId);
      const friend = await buyer(t, { inviteCode });
      const order = await buy(friend.client, { productId: '4' });
      await pressOnCheckout(t, order.checkoutUrl, 'pay');
      return String(kolId);
    },
    boundDeviceId: async () =>
      String(
        (
          await insertDevice(db, {
            user_id: Number(member.userId),
            device_key: randomBytes(16).toString('hex'),
            platform: 1,
            kind: 1,
            system: 'Windows',
            version: '11',
            name: `PC ${++serial}`,
            created_at: t.clock.now,
            last_seen_at: t.clock.now,
          })
        ).id,
      ),
    openGroupId: async () =>
      (
        await paidGroup(t, (await buyer(t)).client, {
          productId: '1',
          size: 2,
          paymentType: GroupBuyPaymentType.PAY_SELF,
        })
      ).group.groupId,
    applicationId: async () => {
      const { userId } = await buyer(t);
      const state = await applyForKol(
        t.app.services,
        userId,
        {
          links: ['https://video.example.com/channel'],
          audience: 'Travellers who need a VPN abroad',
          wallet: { network: 'ethereum', address: `0x${'ab'.repeat(20)}` },
        },
        t.clock.now,
      );
      return state.application?.id ?? '';
    },
    promoCode: async () => {
      const code = `SPARE${++serial}`;
      await createPromo(
        t.app.services.db,
        { ...SPARE_PROMO, code },
        { actor: 'ops:test', now: t.clock.now },
      );
      return code;
    },
    redeemCode: async () =>
      (
        await createRedeemBatch(
          t.app.services.db,
          { ...SPARE_REDEEM, groupType: ShopGroupType.LITE },
          { actor: 'ops:test', now: t.clock.now },
        )
      )[0] ?? '',
    nodeKey: (await testNode(t, TROJAN_NODE)).key,
    benefitKey: async () => {
      const key = `spare-${++serial}`;
      await saveBenefit(
        t.app.services.db,
        benefitSecrets(t.app.services.secret),
        {
          key,
          name: 'Spare',
          link: 'https://spare.example',
          accountName: 'spare@example.com',
          password: 'spare-pass',
        },
        { actor: 'ops:test', now: t.clock.now },
      );
      return key;
    },
    noticeId: async () => {
      const id = `spare-${++serial}`;
      await saveNotice(
        t.app.services.settings,
        {
          id,
          level: 'warning',
          text: { en: 'Spare', 'zh-CN': '备用' },
          link: '/pricing',
          startsAt: null,
          endsAt: null,
        },
        { actor: 'ops:test', now: t.clock.now },
      );
      return id;
    },
    pendingOrderId: async () => (await buy((await buyer(t)).client)).orderId,
    ticket: async () => {
      const { client } = await buyer(t);
      const order = await buy(client);
      await pressOnCheckout(t, order.checkoutUrl, 'pay');
      const thread = await client.ok('userTicketOpen', {
        subject: 'Matrix',
        category: 'payment',
        message: 'matrix',
        orderId: order.orderId,
      });
      return { ticketId: thread.ticket.ticketId, orderId: order.orderId };
    },
    apiToken: async () => {
      const { db } = t.app.services;
      const creator = await db.selectFrom('operators').select('id').executeTakeFirstOrThrow();
      const row = await db
        .insertInto('api_tokens')
        .values({
          name: 'matrix',
          scopes: '["users.read"]',
          token_hash: `matrix-${++serial}-${Date.now()}`,
          created_by: creator.id,
          created_by_name: 'matrix',
          created_at: t.clock.now,
          expires_at: null,
          last_used_at: null,
          revoked_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },
    webhook: async (fresh = false) => {
      const { db } = t.app.services;
      const shared = fresh
        ? undefined
        : await db
            .selectFrom('webhook_endpoints')
            .select('id')
            .where('description', '=', 'matrix shared')
            .executeTakeFirst();
      const endpoint =
        shared ??
        (await db
          .insertInto('webhook_endpoints')
          .values({
            url: 'http://127.0.0.1:9/matrix',
            description: fresh ? 'matrix' : 'matrix shared',
            events: '["order.paid"]',
            enabled: 0,
            secret: sealWebhookSecret(
              webhookSecrets(t.app.services.secret),
              `whsec_matrix${++serial}`,
            ),
            created_at: t.clock.now,
            updated_at: t.clock.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow());
      const delivery = await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpoint.id,
          event_id: `evt_matrix${serial}`,
          event_type: 'order.paid',
          payload: '{}',
          status: 'failed',
          attempts: 8,
          created_at: t.clock.now,
          due_at: t.clock.now,
          claimed_at: null,
          delivered_at: null,
          response_status: 500,
          duration_ms: 3,
          last_error: 'HTTP 500',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { endpointId: String(endpoint.id), deliveryId: String(delivery.id) };
    },
    paidOrderId: async () => {
      // A buyer of its own: the member above is suspended and signed out by other samples.
      const order = await buy((await buyer(t)).client);
      await pressOnCheckout(t, order.checkoutUrl, 'pay');
      return order.orderId;
    },
    spareOperatorId: async () =>
      (
        await createOperator(
          t.app.services,
          { username: `spare.${++serial}`, role: 'support' },
          'ops:test',
          t.clock.now,
        )
      ).operator.operatorId,
  };
});
afterAll(() => t.close());

test('every console call has a sample, and only signing in is public', () => {
  expect(Object.keys(SAMPLES).sort()).toEqual([...adminEndpointNames].sort());
  expect(adminEndpointNames.filter((n) => spec(n).access === 'public')).toEqual(['adminLogin']);
});

describe('callers who are not operators', () => {
  test.each(GUARDED)('%s: anonymous, malformed tokens and members are refused', async (name) => {
    await expectRefusedUnchanged(new OperatorClient(t.app), name, ErrorCode.UNAUTHORIZED);
    for (const token of ['x', 'Bearer ', 'a'.repeat(43), 'Bearer a.b.c', 'a'.repeat(300)]) {
      const client = new OperatorClient(t.app);
      client.token = token;
      await expectRefusedUnchanged(client, name, ErrorCode.UNAUTHORIZED);
    }
    const member = new Client(t.app);
    await registerWithUsername(member);
    const asMember = new OperatorClient(t.app);
    asMember.token = member.token;
    await expectRefusedUnchanged(asMember, name, ErrorCode.UNAUTHORIZED);
  });
});

describe('operators before two-factor', () => {
  test.each(GUARDED)('%s: an enrolment session reaches only enrolment', async (name) => {
    const { password } = await createOperator(
      t.app.services,
      { username: `new.${++serial}`, role: 'admin' },
      'ops:test',
      t.clock.now,
    );
    const client = new OperatorClient(t.app);
    await client.ok('adminLogin', { username: `new.${serial}`, password });
    const access = spec(name).access;
    if (access === 'enrolment' || access === 'signed-in') {
      const answer = await client.call(name, await sample(name));
      expect(ACCESS_CODES, `${name}: ${JSON.stringify(answer.body)}`).not.toContain(
        answer.body.code,
      );
    } else {
      await expectRefusedUnchanged(client, name, ErrorCode.OPERATOR_ENROLMENT_REQUIRED);
    }
  });
});

describe.each(OPERATOR_ROLES)('the %s role', (role: OperatorRole) => {
  let op: SignedInOperator;
  beforeAll(async () => {
    op = await enrolledOperator(t, role);
  });

  // Sign-out last: it ends the session the other calls use.
  const order = [...GUARDED.filter((n) => n !== 'adminLogout'), 'adminLogout' as const];
  test.each(order)(`%s is allowed exactly where the role holds the permission`, async (name) => {
    const access = spec(name).access;
    if (access === 'enrolment') {
      await expectRefusedUnchanged(op.client, name, ErrorCode.FORBIDDEN);
      return;
    }
    const allowed = access === 'signed-in' || (access !== 'public' && roleAllows(role, access));
    if (!allowed) {
      await expectRefusedUnchanged(op.client, name, ErrorCode.FORBIDDEN);
      return;
    }
    const answer = await op.client.call(name, await sample(name));
    expect(answer.body.code, `${name} as ${role}: ${JSON.stringify(answer.body)}`).toBe(200);
  });

  test('a disabled operator is refused everywhere', async () => {
    const other = await enrolledOperator(t, role);
    const admin = await enrolledOperator(t, 'admin');
    await admin.client.ok('adminOperatorDisable', { operatorId: String(other.operatorId) });
    for (const name of GUARDED)
      await expectRefusedUnchanged(other.client, name, ErrorCode.UNAUTHORIZED);
  });
});

/**
 * The class of eca8c8b (a 15-digit id was a PostgreSQL 500) and of adminOrderSearch's (found by
 * this sweep): every console call taking an id (the contract's Id and NumericId), with each id of
 * its sample a number past the largest row id (an `integer` column ends at 2,147,483,647), never
 * answers 500 and changes nothing; a call that acts (not a read) is refused with a 4xx.
 */
describe('ids past the largest row id', () => {
  const HUGE = ['2147483648', '99999999999', '999999999999999'];
  const numericIds = (name: AdminEndpointName) =>
    Object.entries(
      (adminSchemas[name].request as TSchema & { properties?: Record<string, TSchema> })
        .properties ?? {},
    )
      // Every id a caller types: the contract's Id (any text up to 64) and NumericId (15 digits).
      .filter(([key, schema]) => /Id$/.test(key) && (schema as { type?: string }).type === 'string')
      .map(([key]) => key);
  const withIds = GUARDED.filter((name) => numericIds(name).length > 0);
  test('the sweep covers the console calls that take numeric ids', () => {
    expect(withIds).toEqual(
      expect.arrayContaining([
        'adminUserDetail',
        'adminOrderSearch',
        'adminGroupList',
        'adminKolDetail',
      ]),
    );
  });
  test.each(withIds)('%s: never 500, nothing changed; refused when it acts', async (name) => {
    const admin = await enrolledOperator(t, 'admin');
    const input = (await sample(name)) as Record<string, unknown>;
    for (const huge of HUGE) {
      const changed = { ...input, ...Object.fromEntries(numericIds(name).map((k) => [k, huge])) };
      const before = await fingerprint();
      const answer = await admin.client.call(name, changed as never);
      const said = `${name} ${JSON.stringify(changed)}: ${JSON.stringify(answer.body)}`;
      expect(answer.status, said).toBeLessThan(500);
      if (!spec(name).read) expect(answer.status, said).toBeGreaterThanOrEqual(400);
      expect(await fingerprint(), `${name} with ${huge}`).toEqual(before);
    }
  });

  test('a search for #<huge id> finds nobody, in the console and in pnpm ops', async () => {
    const admin = await enrolledOperator(t, 'admin');
    for (const huge of HUGE) {
      const found = await admin.client.call('adminUserSearch', { query: `#${huge}`, ...page });
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.data).toMatchObject({ items: [], total: 0 });
      const shown = await runOpsCommand('user', ['show', huge], t.app.services, t.clock.now);
      expect([shown.exitCode, shown.stderr.trim()]).toEqual([1, `no user ${huge}`]);
    }
  });
});
