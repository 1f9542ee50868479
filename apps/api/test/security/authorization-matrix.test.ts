import {
  endpointNames,
  endpoints,
  ErrorCode,
  schemas,
  type EndpointName,
  type RequestOf,
} from '@nimbus/api-sdk/contract';
import { DeviceKind, DevicePlatform, GroupBuyPaymentType } from '@nimbus/domain';
import type { TSchema } from 'typebox';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { markKol } from '../../src/inviters/manage-kols.ts';
import { validatorFor } from '../../src/http/validator.ts';
import { SESSION_TTL_MS } from '../../src/security/sessions.ts';
import { buy, idempotencyKey, pressOnCheckout } from '../support/payments.ts';
import { PASSWORD, registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client, type Answer } from '../support/client.ts';
import { createGroup, GROUP_BUY_ON, paidGroup, pay, quickUser } from '../support/group-buy.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  databaseFingerprint,
  expectRefusal,
  grantMembership,
  send as sendAt,
  storedHashOf,
} from './fixtures.ts';

/**
 * The authorization matrix, generated from the contract's endpoint list: every endpoint marked
 * `auth` is called without a token, with malformed tokens, with an expired session and with
 * revoked sessions (all refused, nothing changed), and by another signed-in user with the ids of
 * the first user's things (refused as if they did not exist, or answered with the caller's own
 * data only). A new endpoint fails this file until it is either authenticated (and then covered
 * here, with a sample input) or listed below as public on purpose.
 */

type AuthName = {
  [N in EndpointName]: (typeof endpoints)[N]['auth'] extends true ? N : never;
}[EndpointName];
type PublicName = Exclude<EndpointName, AuthName>;

/** Endpoints that answer without a session, each for a reason. */
const PUBLIC_ENDPOINTS: Record<PublicName, string> = {
  systemClientConfig: 'app configuration before sign-in (signed)',
  systemDisplayConfig: 'site configuration for visitors (signed)',
  systemBenefits: 'the benefit catalogue shown on the marketing site',
  paymentShop: 'the price list (signed)',
  userRegister: 'creates the session',
  userLogin: 'creates the session',
  userSendCode: 'codes for registration, login and reset come before a session',
  userResetPassword: 'a forgotten password has no session',
  userTrial: 'creates a trial account and its session when there is none',
  userSignInLinkAccount: 'asked before a link is used, so the page can show whose account it opens',
  userSignInLinkExchange: 'a sign-in link is opened before there is a session (one-time token)',
  paymentJointDetail: 'a group invite link is opened by visitors (creator masked)',
  systemPublicKeys: 'the signing keys the apps need before any signed call',
  userMailUnsubscribe: "a notice's unsubscribe link works without signing in (signed token)",
};

const AUTH_ENDPOINTS = endpointNames.filter((n): n is AuthName => endpoints[n].auth);

const CHAIN_ID = 31_337;
const CRYPTO_ENV = {
  // A configured network whose node is never reached by these tests (nothing is submitted on
  // chain).
  CRYPTO_NETWORKS: JSON.stringify([
    {
      chainId: CHAIN_ID,
      name: 'Local',
      rpcUrl: 'http://127.0.0.1:9',
      confirmations: 1,
      explorerUrl: null,
      tokens: [{ symbol: 'USDT', address: `0x${'11'.repeat(20)}`, decimals: 6 }],
    },
  ]),
  CRYPTO_RECIPIENT: `0x${'22'.repeat(20)}`,
};

/** What user A owns, by the ids a client would send. */
interface Owner {
  client: Client;
  userId: number;
  email: string;
  deviceKey: string;
  deviceName: string;
  deviceRowId: string;
  paidOrderId: string;
  pendingOrderId: string;
  cryptoOrderId: string;
  purchaseKey: string;
  groupAllId: string;
  groupSelfId: string;
  groupKey: string;
  groupOrderIds: string[];
  subscriptionUrl: string;
  inviteCode: string;
  sessionId: string;
  ticketId: string;
  ticketSubject: string;
}

const page = { page: 1, pageSize: 50 };
const TX_HASH = `0x${'ab'.repeat(32)}`;

/**
 * A valid request per authenticated endpoint, naming A's things where the endpoint takes ids, so
 * the matrix's refusals are about the session and the cross-user calls aim at A. Every sample is
 * checked against the endpoint's request schema first (a stale sample would turn the matrix into
 * a validation test).
 */
const SAMPLES: { [N in AuthName]: (a: Owner) => RequestOf<N> } = {
  systemUserInfo: () => ({}),
  systemRedeemCode: () => ({ code: 'NOT-A-REAL-CODE' }),
  systemAffiliate: () => ({ tab: 'commission', ...page }),
  systemUserBenefits: () => ({}),
  userGetDeviceList: () => ({}),
  userUnbindDevice: (a) => ({ deviceId: a.deviceRowId }),
  paymentPurchase: (a) => ({
    productId: '1',
    paymentMethod: 'card',
    idempotencyKey: a.purchaseKey,
  }),
  paymentCoupon: () => ({ code: 'NOPE', productId: '1' }),
  paymentOrder: () => page,
  paymentJointPurchase: (a) => ({
    productId: '3',
    size: 3,
    paymentType: GroupBuyPaymentType.PAY_ALL,
    paymentMethod: 'card',
    idempotencyKey: a.groupKey,
  }),
  paymentJointJoinForPay: (a) => ({
    groupId: a.groupSelfId,
    paymentMethod: 'card',
    idempotencyKey: idempotencyKey(),
  }),
  paymentJointJoin: (a) => ({ groupId: a.groupAllId }),
  paymentJointPurchaseCreated: () => page,
  paymentJointPurchaseParticipated: () => page,
  paymentJointOrder: (a) => ({ groupId: a.groupAllId, ...page }),
  userLogout: () => ({}),
  userSignInLink: () => ({}),
  userDeleteAccount: () => ({ password: 'not the password' }),
  userKeepAccount: () => ({
    channel: 'username',
    account: 'kept_name_1',
    password: 'new password 1',
  }),
  userChangePassword: () => ({
    currentPassword: 'not the password',
    newPassword: 'new password 1',
  }),
  userSessions: () => ({}),
  userEndSession: (a) => ({ sessionId: a.sessionId }),
  userEndOtherSessions: () => ({}),
  userMailPreferences: () => ({}),
  userMailPreferencesUpdate: () => ({ category: 'reminders', subscribed: false }),
  userTelegramStatus: () => ({}),
  userTelegramLink: () => ({}),
  userTelegramUnlink: () => ({}),
  userTelegramNotices: () => ({ notices: false }),
  userBindDevice: (a) => ({
    deviceId: a.deviceKey,
    platform: DevicePlatform.WINDOWS,
    kind: DeviceKind.PC,
    system: 'Windows 11',
    version: '1.0.0',
    name: 'Intruder PC',
  }),
  userUpdateDevice: (a) => ({ deviceId: a.deviceRowId, name: 'renamed by someone else' }),
  paymentOrderStatus: (a) => ({ orderId: a.paidOrderId }),
  paymentCancelOrder: (a) => ({ orderId: a.pendingOrderId }),
  paymentCryptoDetails: (a) => ({ orderId: a.cryptoOrderId, chainId: CHAIN_ID, token: 'USDT' }),
  paymentCryptoSubmit: (a) => ({ orderId: a.cryptoOrderId, chainId: CHAIN_ID, txHash: TX_HASH }),
  paymentUpgradeQuote: () => ({ productId: '1' }),
  systemThirdPartyStatus: () => ({}),
  systemThirdPartyEnable: () => ({}),
  systemThirdPartyDisable: () => ({}),
  systemThirdPartyReset: () => ({}),
  systemTraffic: () => ({}),
  systemNodes: () => ({}),
  systemInvitationRecords: () => page,
  systemKolApplication: () => ({}),
  systemKolApply: () => ({
    links: ['https://youtube.com/@someone'],
    audience: 'Tech reviews',
    wallet: { network: 'ethereum', address: `0x${'33'.repeat(20)}` },
  }),
  systemKolWalletUpdate: () => ({
    wallet: { network: 'ethereum', address: `0x${'33'.repeat(20)}` },
    password: 'not the password',
  }),
  userTicketList: () => page,
  userTicketOpen: (a) => ({
    subject: 'Intruder ticket',
    category: 'payment',
    message: 'About your order',
    orderId: a.paidOrderId,
  }),
  userTicketDetail: (a) => ({ ticketId: a.ticketId }),
  userTicketReply: (a) => ({ ticketId: a.ticketId, message: 'written by someone else' }),
  userTicketClose: (a) => ({ ticketId: a.ticketId }),
};

/**
 * Request fields that name something. Owned ones point at a user's things and need a
 * cross-user case below; catalogue ones name what every user may name.
 */
const OWNED_FIELDS = [
  'deviceId',
  'orderId',
  'groupId',
  'idempotencyKey',
  'sessionId',
  'ticketId',
] as const;
const CATALOGUE_FIELDS: Record<string, string> = {
  productId: 'a plan of the public price list',
  chainId: 'a configured network',
};
const isIdField = (field: string) => /(Id|Key)$/.test(field);

type Expectation =
  /**
   * Refused exactly as the same call with an id that does not exist (no oracle), with this entry.
   */
  | {
      kind: 'as-missing';
      entry: (typeof ErrorCode)[keyof typeof ErrorCode];
      missing: (a: Owner) => Record<string, unknown>;
    }
  /** Answered, but with the caller's own things only. */
  | { kind: 'own-only'; check: (answer: Answer, a: Owner) => void }
  /**
   * Allowed by design (joining a friend's group from its invite link); nothing of A's beyond the
   * masked group.
   */
  | { kind: 'by-design'; why: string; check: (answer: Answer, a: Owner) => void };

const fakeOrder = 'O20260101000000000000001';

/** For each endpoint taking an owned id: what user B must get when naming A's. */
const missingTicket = '987654321';
const CROSS_USER: Partial<Record<AuthName, Expectation>> = {
  userTicketOpen: {
    kind: 'as-missing',
    entry: ErrorCode.ORDER_NOT_FOUND,
    missing: () => ({
      subject: 'Intruder ticket',
      category: 'payment',
      message: 'About your order',
      orderId: fakeOrder,
    }),
  },
  userTicketDetail: {
    kind: 'as-missing',
    entry: ErrorCode.TICKET_NOT_FOUND,
    missing: () => ({ ticketId: missingTicket }),
  },
  userTicketReply: {
    kind: 'as-missing',
    entry: ErrorCode.TICKET_NOT_FOUND,
    missing: () => ({ ticketId: missingTicket, message: 'written by someone else' }),
  },
  userTicketClose: {
    kind: 'as-missing',
    entry: ErrorCode.TICKET_NOT_FOUND,
    missing: () => ({ ticketId: missingTicket }),
  },
  userEndSession: {
    kind: 'as-missing',
    entry: ErrorCode.SESSION_NOT_FOUND,
    missing: () => ({ sessionId: 'no-such-session-id' }),
  },
  userUnbindDevice: {
    kind: 'as-missing',
    entry: ErrorCode.DEVICE_NOT_FOUND,
    missing: () => ({ deviceId: '987654321' }),
  },
  userUpdateDevice: {
    kind: 'as-missing',
    entry: ErrorCode.DEVICE_NOT_FOUND,
    missing: () => ({ deviceId: '987654321', name: 'renamed by someone else' }),
  },
  paymentOrderStatus: {
    kind: 'as-missing',
    entry: ErrorCode.ORDER_NOT_FOUND,
    missing: () => ({ orderId: fakeOrder }),
  },
  paymentCancelOrder: {
    kind: 'as-missing',
    entry: ErrorCode.ORDER_NOT_FOUND,
    missing: () => ({ orderId: fakeOrder }),
  },
  paymentCryptoDetails: {
    kind: 'as-missing',
    entry: ErrorCode.ORDER_NOT_FOUND,
    missing: () => ({ orderId: fakeOrder, chainId: CHAIN_ID, token: 'USDT' }),
  },
  paymentCryptoSubmit: {
    kind: 'as-missing',
    entry: ErrorCode.ORDER_NOT_FOUND,
    missing: () => ({ orderId: fakeOrder, chainId: CHAIN_ID, txHash: TX_HASH }),
  },
  userBindDevice: {
    kind: 'own-only',
    check: (answer, a) => {
      // The same app device id bound by B is B's own device row; A's stays A's.
      expect(answer.body.code).toBe(200);
      const device = answer.body.data as { id: string; name: string };
      expect(device.id).not.toBe(a.deviceRowId);
      expect(device.name).toBe('Intruder PC');
    },
  },
  paymentPurchase: {
    kind: 'own-only',
    check: (answer, a) => {
      // A's idempotency key is only a key within A's account: B gets a new order of B's own.
      expect(answer.body.code).toBe(200);
      const { orderId } = answer.body.data as { orderId: string };
      expect([a.paidOrderId, a.pendingOrderId, a.cryptoOrderId, ...a.groupOrderIds]).not.toContain(
        orderId,
      );
    },
  },
  paymentJointPurchase: {
    kind: 'own-only',
    check: (answer, a) => {
      expect(answer.body.code).toBe(200);
      const data = answer.body.data as {
        group: { groupId: string; viewerRole: string };
        orderId: string;
      };
      expect([a.groupAllId, a.groupSelfId]).not.toContain(data.group.groupId);
      expect(data.group.viewerRole).toBe('creator');
      expect(a.groupOrderIds).not.toContain(data.orderId);
    },
  },
  paymentJointOrder: {
    kind: 'own-only',
    check: (answer) => {
      // Naming A's group gives B only B's own orders in it: none.
      expect(answer.body.code).toBe(200);
      expect(answer.body.data).toMatchObject({ items: [], total: 0 });
    },
  },
  paymentJointJoin: {
    kind: 'by-design',
    why: 'a pay-all group is joined from its invite link',
    check: (answer, a) => {
      expect(answer.body.code).toBe(200);
      const group = answer.body.data as { groupId: string; viewerRole: string; creator: string };
      expect(group).toMatchObject({ groupId: a.groupAllId, viewerRole: 'member' });
      expect(group.creator).not.toBe(a.email);
      expect(group.creator).toContain('*');
    },
  },
  paymentJointJoinForPay: {
    kind: 'by-design',
    why: 'a pay-self group is joined from its invite link, paying one share',
    check: (answer, a) => {
      expect(answer.body.code).toBe(200);
      const data = answer.body.data as {
        group: { groupId: string; viewerRole: string; creator: string };
        orderId: string;
      };
      expect(data.group).toMatchObject({ groupId: a.groupSelfId, viewerRole: 'member' });
      expect(data.group.creator).not.toBe(a.email);
      expect(a.groupOrderIds).not.toContain(data.orderId);
    },
  },
};

let t: TestApp;
let a: Owner;
const send = <N extends EndpointName>(
  client: Client,
  name: N,
  input: RequestOf<N> | Record<string, unknown>,
) => sendAt(client, name, input, t.clock.now);
let b: { client: Client; userId: number; username: string };

/** Strings that identify A's things; none may appear in anything answered to someone else. */
const secretsOf = (owner: Owner) => [
  owner.email,
  owner.deviceKey,
  owner.deviceName,
  owner.paidOrderId,
  owner.pendingOrderId,
  owner.cryptoOrderId,
  ...owner.groupOrderIds,
  owner.subscriptionUrl,
  owner.inviteCode,
  owner.ticketSubject,
];

function expectNothingOf(owner: Owner, answer: Answer, allowed: string[] = []) {
  const text = JSON.stringify({ body: answer.body, headers: answer.headers });
  for (const secret of secretsOf(owner)) {
    if (!allowed.includes(secret)) expect(text, `leaks ${secret}`).not.toContain(secret);
  }
}

/** What A sees of A's own account, through A's own session. */
async function ownView(owner: Owner) {
  const c = owner.client;
  const info = await send(c, 'systemUserInfo', {});
  return {
    info: info.body.data,
    devices: await c.ok('userGetDeviceList', {}),
    orders: await c.ok('paymentOrder', page),
    statuses: await Promise.all(
      [owner.paidOrderId, owner.pendingOrderId, owner.cryptoOrderId].map((orderId) =>
        c.ok('paymentOrderStatus', { orderId }),
      ),
    ),
    crypto: await c.ok('paymentCryptoDetails', {
      orderId: owner.cryptoOrderId,
      chainId: CHAIN_ID,
      token: 'USDT',
    }),
    groups: (await c.ok('paymentJointPurchaseCreated', page)).items.map(
      ({ membersJoined: _m, ...rest }) => rest,
    ),
    groupOrders: await c.ok('paymentJointOrder', page),
    thirdParty: await c.ok('systemThirdPartyStatus', {}),
    traffic: await c.ok('systemTraffic', {}),
    affiliate: await c.ok('systemAffiliate', { tab: 'commission', ...page }),
    invitations: await c.ok('systemInvitationRecords', page),
    tickets: await c.ok('userTicketList', page),
    ticket: await c.ok('userTicketDetail', { ticketId: owner.ticketId }),
  };
}

beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, ...CRYPTO_ENV, JOBS_INTERVAL_SECONDS: '0' } });
  const { db, dialect } = t.app.services;
  const change = { actor: 'ops:test' as const, now: t.clock.now };

  // A: registered by e-mail, a member, a KOL with a referred friend's paid purchase, a device,
  // paid, pending and crypto orders, two groups, the third-party client on.
  const client = new Client(t.app);
  const { email, userId } = await registerWithEmail(client);
  const aId = Number(userId);
  await grantMembership(t, aId);
  // A's traffic, with counts nobody else has.
  await db
    .insertInto('member_traffic')
    .values({
      user_id: aId,
      span: 'd',
      period_day: Math.floor(t.clock.now / 86_400_000),
      upload: 7_777_771,
      download: 9_999_991,
    })
    .execute();
  await markKol(db, dialect, aId, 50, change);
  const deviceKey = 'alice-device-key-7f3a9c';
  const deviceName = 'Alice private laptop';
  const device = await client.ok('userBindDevice', {
    deviceId: deviceKey,
    platform: DevicePlatform.MAC,
    kind: DeviceKind.PC,
    system: 'macOS 15',
    version: '2.0.0',
    name: deviceName,
  });
  const purchaseKey = idempotencyKey();
  const paid = await buy(client, { idempotencyKey: purchaseKey });
  expect((await pressOnCheckout(t, paid.checkoutUrl, 'pay')).statusCode).toBe(303);
  const pending = await buy(client, { productId: '2' });
  const crypto = await buy(client, { paymentMethod: 'crypto' });
  await client.ok('paymentCryptoDetails', {
    orderId: crypto.orderId,
    chainId: CHAIN_ID,
    token: 'USDT',
  });
  const groupKey = idempotencyKey();
  const groupAll = await paidGroup(t, client, {
    size: 3,
    paymentType: GroupBuyPaymentType.PAY_ALL,
    idempotencyKey: groupKey,
  });
  const groupSelf = await createGroup(client, {
    size: 3,
    paymentType: GroupBuyPaymentType.PAY_SELF,
  });
  await pay(t, groupSelf.checkoutUrl);
  const thirdParty = await client.ok('systemThirdPartyEnable', {});
  const { invite_code: inviteCode } = await db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', aId)
    .executeTakeFirstOrThrow();
  const friend = await quickUser(t, { inviterId: aId });
  const friendOrder = await buy(friend.client);
  await pressOnCheckout(t, friendOrder.checkoutUrl, 'pay');

  const ticketSubject = 'Alice payment trouble 5b1e';
  const ticket = await client.ok('userTicketOpen', {
    subject: ticketSubject,
    category: 'payment',
    message: 'My card was charged twice.',
    orderId: paid.orderId,
  });

  a = {
    ticketId: ticket.ticket.ticketId,
    ticketSubject,
    client,
    userId: aId,
    email,
    deviceKey,
    deviceName,
    deviceRowId: device.id,
    paidOrderId: paid.orderId,
    pendingOrderId: pending.orderId,
    cryptoOrderId: crypto.orderId,
    purchaseKey,
    groupAllId: groupAll.group.groupId,
    groupSelfId: groupSelf.group.groupId,
    groupKey,
    groupOrderIds: [groupAll.orderId, groupSelf.orderId],
    subscriptionUrl: thirdParty.subscription?.clash ?? 'missing',
    inviteCode,
    sessionId: (await client.ok('userSessions', {})).items[0]?.id ?? 'missing',
  };
  expect(a.subscriptionUrl).toMatch(/^http/);

  // B: another member and KOL, registered with a password (account deletion needs one).
  const bClient = new Client(t.app);
  const registered = await registerWithUsername(bClient);
  b = { client: bClient, userId: Number(registered.userId), username: registered.username };
  await grantMembership(t, b.userId);
  await markKol(db, dialect, b.userId, 50, change);
});
afterAll(() => t.close());

describe('the matrix covers the whole contract', () => {
  test('every endpoint is either authenticated (in the matrix) or listed as public with a reason', () => {
    for (const name of endpointNames) {
      if (endpoints[name].auth) {
        expect(name in PUBLIC_ENDPOINTS, `${name} needs a session but is listed as public`).toBe(
          false,
        );
        expect(SAMPLES[name as AuthName], `${name} needs a sample input in the matrix`).toBeTypeOf(
          'function',
        );
      } else {
        expect(
          PUBLIC_ENDPOINTS[name as PublicName],
          `${name} answers without a session: list it as public, with why`,
        ).toBeTruthy();
      }
    }
    expect(AUTH_ENDPOINTS.length).toBeGreaterThan(20);
  });

  test.each(AUTH_ENDPOINTS)('%s: its sample input is valid and the endpoint is served', (name) => {
    const validator = validatorFor(schemas[name].request as TSchema);
    const sample = SAMPLES[name](a);
    expect(
      validator.Check(sample),
      `${name} sample: ${JSON.stringify(validator.Errors(sample))}`,
    ).toBe(true);
    expect(t.app.hasRoute({ method: 'POST', url: `/v4${endpoints[name].path}` })).toBe(true);
  });

  test.each(AUTH_ENDPOINTS)(
    '%s: every field naming a thing is classified, and owned ones have a cross-user case',
    (name) => {
      const properties = Object.keys(
        (schemas[name].request as { properties?: Record<string, unknown> }).properties ?? {},
      );
      for (const field of properties.filter(isIdField)) {
        const owned = (OWNED_FIELDS as readonly string[]).includes(field);
        expect(
          owned || field in CATALOGUE_FIELDS,
          `${name}.${field}: say whether it names a user's thing or a catalogue one`,
        ).toBe(true);
        if (owned)
          expect(
            CROSS_USER[name],
            `${name}.${field} names a user's thing: add what another user gets`,
          ).toBeDefined();
      }
    },
  );
});

describe("another signed-in user naming A's things", () => {
  let before: Awaited<ReturnType<typeof ownView>>;
  beforeAll(async () => {
    before = await ownView(a);
  });

  // B calls every authenticated endpoint with the sample naming A's things. Logout goes last
  // (it ends B's session) and group joins after the check that A's view is unchanged.
  const joins: AuthName[] = ['paymentJointJoin', 'paymentJointJoinForPay'];
  const order = [...AUTH_ENDPOINTS.filter((n) => n !== 'userLogout' && !joins.includes(n))];

  test.each(order)("%s: B is answered as B, never with A's data", async (name) => {
    const answer = await send(b.client, name, SAMPLES[name](a));
    // The control: B's session is valid, so whatever the answer is, it is not about the session.
    expect(answer.status, JSON.stringify(answer.body)).not.toBe(401);
    expectNothingOf(a, answer);
    const expectation = CROSS_USER[name];
    if (expectation?.kind === 'as-missing') {
      expectRefusal(answer, expectation.entry);
      const missing = await send(b.client, name, expectation.missing(a));
      expect(answer.body).toEqual(missing.body);
      expect(answer.status).toBe(missing.status);
    } else if (expectation) {
      expectation.check(answer, a);
    }
  });

  test("KOL dashboard (every tab) and invitation records: B sees none of A's referrals, commissions or payouts", async () => {
    type Dashboard = { isKol: boolean; records?: { total: number } };
    const mine = (await a.client.ok('systemAffiliate', {
      tab: 'commission',
      ...page,
    })) as Dashboard;
    expect(
      mine.records?.total,
      'A has a commission (the check below means something)',
    ).toBeGreaterThan(0);
    expect((await a.client.ok('systemInvitationRecords', page)).total).toBeGreaterThan(0);
    for (const tab of ['commission', 'settlement', 'invitation'] as const) {
      const answer = await send(b.client, 'systemAffiliate', { tab, ...page });
      expect(answer.body.data).toMatchObject({ isKol: true, records: { items: [], total: 0 } });
      expectNothingOf(a, answer);
    }
    expect(await b.client.ok('systemInvitationRecords', page)).toMatchObject({
      items: [],
      total: 0,
    });
  });

  test("A's account looks exactly as before to A", async () => {
    expect(await ownView(a)).toEqual(before);
  });

  test.each(joins)("%s: allowed by design, and shows nothing of A's", async (name) => {
    const answer = await send(b.client, name, SAMPLES[name](a));
    expectNothingOf(a, answer);
    const expectation = CROSS_USER[name];
    expect(expectation?.kind).toBe('by-design');
    if (expectation?.kind === 'by-design') expectation.check(answer, a);
  });

  test("after B joined A's groups, A's orders, devices and account are unchanged; B still sees none of A's orders", async () => {
    expect(await ownView(a)).toEqual(before);
    const orders = await b.client.call('paymentJointOrder', { groupId: a.groupSelfId, ...page });
    expect(orders.body.code).toBe(200);
    expectNothingOf(a, orders);
    expect(
      (orders.body.data as { items: { role: string }[] }).items.every((o) => o.role === 'member'),
    ).toBe(true);
  });

  test("userLogout: B logging out (everywhere) ends only B's sessions", async () => {
    const answer = await send(b.client, 'userLogout', { everywhere: true });
    expect(answer.body.code).toBe(200);
    expect((await b.client.call('userGetDeviceList', {})).status).toBe(401);
    expect((await a.client.call('userGetDeviceList', {})).body.code).toBe(200);
    expect(await ownView(a)).toEqual(before);
  });
});

/**
 * Calls every authenticated endpoint with a credential and expects the uniform refusal; nothing in
 * the database changes.
 */
async function expectAllRefused(make: () => Client, label: string) {
  const fingerprint = await databaseFingerprint(t.app);
  for (const name of AUTH_ENDPOINTS) {
    const client = make();
    const answer = await send(client, name, SAMPLES[name](a));
    try {
      expectRefusal(answer, ErrorCode.UNAUTHORIZED);
      expectNothingOf(a, answer);
    } catch (error) {
      throw new Error(`${name} with ${label}: ${(error as Error).message}`, { cause: error });
    }
  }
  expect(await databaseFingerprint(t.app)).toEqual(fingerprint);
}

const clientWith = (token: string | undefined, language = 'en', prefix = '/v4') => {
  const c = new Client(t.app, '127.0.0.1', prefix);
  c.token = token;
  c.language = language;
  return c;
};

describe('without a valid session every authenticated endpoint is refused, and nothing changes', () => {
  test.each(['/v4', '/v4/test'])('no token (%s)', async (prefix) => {
    await expectAllRefused(() => clientWith(undefined, 'en', prefix), 'no token');
  });

  test('no token, in Chinese: the zh-CN catalogue message', async () => {
    const fingerprint = await databaseFingerprint(t.app);
    for (const name of AUTH_ENDPOINTS)
      expectRefusal(
        await send(clientWith(undefined, 'zh_CN'), name, SAMPLES[name](a)),
        ErrorCode.UNAUTHORIZED,
        'zh-CN',
      );
    expect(await databaseFingerprint(t.app)).toEqual(fingerprint);
  });

  const malformed: [string, (token: string) => string][] = [
    ['garbage', () => 'not-a-session-token'],
    ['an empty Bearer', () => 'Bearer '],
    ['a Basic credential', () => 'Basic YWxpY2U6c2VjcmV0'],
    ['a too long token', (token) => token.repeat(4)],
    [
      'a token with one character changed',
      (token) => `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ],
    ['a truncated token', (token) => token.slice(0, 20)],
    ['the hash the server stores instead of the token', (token) => storedHashOf(token)],
    ['the token twice', (token) => `${token} ${token}`],
  ];
  test.each(malformed)('a malformed token: %s', async (label, make) => {
    const token = make(a.client.token ?? '');
    await expectAllRefused(() => clientWith(token), label);
  });

  test('a logged-out session', async () => {
    const session = clientWith(await t.app.services.sessions.create(a.userId, null, t.clock.now));
    expect((await session.call('userGetDeviceList', {})).body.code).toBe(200);
    await session.ok('userLogout', {});
    await expectAllRefused(() => clientWith(session.token), 'a logged-out session');
  });

  test('a session revoked from another device (logout everywhere)', async () => {
    const other = await quickUser(t);
    const phone = clientWith(await t.app.services.sessions.create(other.userId, null, t.clock.now));
    await other.client.ok('userLogout', { everywhere: true });
    await expectAllRefused(() => clientWith(phone.token), 'a session revoked elsewhere');
    await expectAllRefused(
      () => clientWith(other.client.token),
      'the session that logged out everywhere',
    );
  });

  test('the sessions of a deleted account', async () => {
    const gone = new Client(t.app);
    const { userId } = await registerWithUsername(gone);
    const second = clientWith(
      await t.app.services.sessions.create(Number(userId), null, t.clock.now),
    );
    await gone.ok('userDeleteAccount', { password: PASSWORD });
    await expectAllRefused(() => clientWith(gone.token), 'the deleting session');
    await expectAllRefused(
      () => clientWith(second.token),
      'another session of the deleted account',
    );
  });

  test('an expired session (the clock moved past the session lifetime); a session used meanwhile slides', async () => {
    const idle = clientWith(await t.app.services.sessions.create(a.userId, null, t.clock.now));
    const used = clientWith(await t.app.services.sessions.create(a.userId, null, t.clock.now));
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await used.call('userGetDeviceList', {})).body.code).toBe(200);
    t.clock.advance(120_000);
    await expectAllRefused(() => clientWith(idle.token), 'an expired session');
    // The refusal is the expiry, not the moved clock: the session used in time still works.
    expect((await used.call('userGetDeviceList', {})).body.code).toBe(200);
  });
});
