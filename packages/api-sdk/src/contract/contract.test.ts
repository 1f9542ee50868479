import { readFileSync } from 'node:fs';
import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import { exampleRequests, exampleResponses } from '../../test/examples.ts';
import {
  ATTRIBUTION_KEYS,
  DEVICE_ID_INVALID_CODE,
  DEVICE_ID_INVALID_KEY,
  SUCCESS_CODE,
  SUCCESS_STATUS,
  UNAUTHORIZED_STATUS,
  Attribution,
  EnvelopeSchema,
  ErrorCode,
  endpointNames,
  endpoints,
  errorEntryByCode,
  errorEnvelope,
  isEnvelope,
  schemas,
  successEnvelope,
  type EndpointName,
} from './index.ts';

/** Spec section 7, verbatim: the 19 paths and which are signed. */
const specPaths: Array<[string, boolean]> = [
  ['/api/system/system_user_info', true],
  ['/api/system/system_client_config', true],
  ['/api/system/system_display_config', true],
  ['/api/system/system_redeem_code', false],
  ['/api/system/system_affiliate', false],
  ['/api/system/system_benefits', false],
  ['/api/system/system_user_benefits', false],
  ['/api/user/user_get_device_list', false],
  ['/api/user/user_unbind_device', false],
  ['/api/payment/payment_shop', true],
  ['/api/payment/payment_purchase', false],
  ['/api/payment/payment_coupon', false],
  ['/api/payment/payment_order', false],
  ['/api/payment/payment_joint_purchase', false],
  ['/api/payment/payment_joint_join_for_pay', false],
  ['/api/payment/payment_joint_join', false],
  ['/api/payment/payment_joint_purchase_created', false],
  ['/api/payment/payment_joint_purchase_participated', false],
  ['/api/payment/payment_joint_order', false],
];

const all = Object.entries(endpoints) as Array<[EndpointName, (typeof endpoints)[EndpointName]]>;

describe('endpoint catalogue', () => {
  test('schemas has exactly the endpoints of the catalogue', () => {
    expect(Object.keys(schemas).sort()).toEqual([...endpointNames].sort());
  });

  test.each(specPaths)('spec path %s is in the catalogue, signed: %s', (path, signed) => {
    const entry = all.find(([, e]) => e.path === path);
    expect(entry, path).toBeDefined();
    expect(entry?.[1].signed).toBe(signed);
  });

  test('only the four calls the spec marks are signed', () => {
    expect(
      all
        .filter(([, e]) => e.signed)
        .map(([n]) => n)
        .sort(),
    ).toEqual(['paymentShop', 'systemClientConfig', 'systemDisplayConfig', 'systemUserInfo']);
  });

  test('paths are unique and follow /api/<area>/<area>_<name>, name camel-cased from the path', () => {
    const paths = all.map(([, e]) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, e] of all) {
      const m = /^\/api\/(system|user|payment)\/(\1_[a-z_]+)$/.exec(e.path);
      expect(m, e.path).not.toBeNull();
      const camel = (m?.[2] ?? '').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      expect(name).toBe(camel);
    }
  });

  test('token calls: register keeps its token per session, login, trial and a sign-in link persist it', () => {
    expect(all.filter(([, e]) => e.token === 'register').map(([n]) => n)).toEqual(['userRegister']);
    expect(
      all
        .filter(([, e]) => e.token === 'login')
        .map(([n]) => n)
        .sort(),
    ).toEqual(['userLogin', 'userSignInLinkExchange', 'userTrial']);
  });

  test('public keys are fetched unsigned and without a session (they are what signing needs)', () => {
    expect(endpoints.systemPublicKeys).toMatchObject({ signed: false, auth: false });
  });

  test('every call that names a product, order or group for payment needs a session', () => {
    for (const n of [
      'paymentPurchase',
      'paymentJointPurchase',
      'paymentJointJoinForPay',
      'paymentJointJoin',
      'paymentCryptoSubmit',
    ] as const) {
      expect(endpoints[n].auth, n).toBe(true);
      expect(endpoints[n].read, n).toBe(false);
    }
  });
});

describe('schemas', () => {
  test.each(endpointNames)('%s: the example request and response match the schemas', (name) => {
    const s = schemas[name];
    expect([...Value.Errors(s.request, exampleRequests[name])]).toEqual([]);
    expect([...Value.Errors(s.response, exampleResponses[name])]).toEqual([]);
    expect(Value.Check(EnvelopeSchema(s.response), successEnvelope(exampleResponses[name]))).toBe(
      true,
    );
  });

  test('requests refuse unknown fields, so a typo is a clear validation error', () => {
    expect(Value.Check(schemas.userUnbindDevice.request, { deviceId: 'd1', extra: 1 })).toBe(false);
  });

  test.each([
    [
      'a password under 8 characters',
      'userRegister',
      { ...exampleRequests.userRegister, password: 'short' },
    ],
    [
      'registration without agreeing to the terms',
      'userRegister',
      { ...exampleRequests.userRegister, agreeTerms: false },
    ],
    [
      'a purchase that names a price',
      'paymentPurchase',
      { ...exampleRequests.paymentPurchase, priceMinor: 1 },
    ],
    [
      'a purchase without an idempotency key',
      'paymentPurchase',
      { productId: 'std-12m', paymentMethod: 'card' },
    ],
    ['a group of 4', 'paymentJointPurchase', { ...exampleRequests.paymentJointPurchase, size: 4 }],
    ['a device platform 5', 'userBindDevice', { ...exampleRequests.userBindDevice, platform: 5 }],
    ['a page size of 1000', 'paymentOrder', { page: 1, pageSize: 1000 }],
    ['page 0', 'paymentOrder', { page: 0, pageSize: 10 }],
    [
      'a malformed tx hash',
      'paymentCryptoSubmit',
      { ...exampleRequests.paymentCryptoSubmit, txHash: '0x12' },
    ],
    ['an unknown KOL tab', 'systemAffiliate', { tab: 'payouts', page: 1, pageSize: 10 }],
    [
      'a verification code of letters',
      'userResetPassword',
      { ...exampleRequests.userResetPassword, code: 'abcdef' },
    ],
  ] as const)('refuses %s', (_label, name, value) => {
    expect(Value.Check(schemas[name as EndpointName].request, value)).toBe(false);
  });

  test('group orders are listed for the caller, or for one group by its id', () => {
    expect(Value.Check(schemas.paymentJointOrder.request, { page: 1, pageSize: 10 })).toBe(true);
    expect(
      Value.Check(schemas.paymentJointOrder.request, {
        groupId: 'G7K2M9XH4TZPQ3R8W5N6',
        page: 1,
        pageSize: 10,
      }),
    ).toBe(true);
    expect(
      Value.Check(schemas.paymentJointOrder.request, { groupId: '', page: 1, pageSize: 10 }),
    ).toBe(false);
    expect(
      Value.Check(schemas.paymentJointOrder.request, { orderId: 'O1', page: 1, pageSize: 10 }),
    ).toBe(false);
  });

  test('a non-KOL gets the not-KOL answer, and a KOL answer carries the tab it is for', () => {
    expect(Value.Check(schemas.systemAffiliate.response, { isKol: false })).toBe(true);
    const kol = exampleResponses.systemAffiliate;
    expect(Value.Check(schemas.systemAffiliate.response, { ...kol, tab: 'settlement' })).toBe(
      false,
    );
  });

  test('an enabled third-party client answers its subscription URLs with the import deep links', () => {
    const status = exampleResponses.systemThirdPartyStatus;
    const subscription = status.subscription;
    expect(subscription).not.toBeNull();
    if (!subscription) return;
    const { importLinks: _links, ...withoutLinks } = subscription;
    expect(
      Value.Check(schemas.systemThirdPartyStatus.response, {
        ...status,
        subscription: withoutLinks,
      }),
    ).toBe(false);
    expect(
      Value.Check(schemas.systemThirdPartyStatus.response, {
        ...status,
        enabled: false,
        subscription: null,
      }),
    ).toBe(true);
  });

  test('money is integer minor units', () => {
    const order = exampleResponses.paymentOrderStatus;
    expect(
      Value.Check(schemas.paymentOrderStatus.response, {
        ...order,
        amount: { amountMinor: 59.99, currency: 'USD' },
      }),
    ).toBe(false);
    expect(
      Value.Check(schemas.paymentOrderStatus.response, {
        ...order,
        amount: { amountMinor: 5999, currency: 'usd' },
      }),
    ).toBe(false);
  });

  test('an order status says whether its payment is "not detected"', () => {
    const { paymentNotDetected: _flag, ...withoutFlag } = exampleResponses.paymentOrderStatus;
    expect(Value.Check(schemas.paymentOrderStatus.response, withoutFlag)).toBe(false);
    expect(
      Value.Check(schemas.paymentOrderStatus.response, {
        ...withoutFlag,
        status: 'pending',
        paidAt: null,
        paymentNotDetected: true,
      }),
    ).toBe(true);
  });

  test('the attribution schema has exactly the tracked keys', () => {
    expect(Object.keys(Attribution.properties).sort()).toEqual([...ATTRIBUTION_KEYS].sort());
  });

  test('signed payloads fit one RSA-OAEP-2048/SHA-256 block (190 bytes) with nonce and timestamp', () => {
    for (const [name, e] of all) {
      if (!e.signed) continue;
      const json = JSON.stringify({
        ...exampleRequests[name],
        nonce: 'Ab3dEf7h',
        timestamp: Date.now(),
      });
      expect(new TextEncoder().encode(json).length, name).toBeLessThanOrEqual(190);
    }
  });
});

describe('envelope and error codes', () => {
  test('codes and message keys are unique, and 200 is the only success', () => {
    const entries = Object.values(ErrorCode);
    expect(new Set(entries.map((e) => e.code)).size).toBe(entries.length);
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    expect(entries.filter((e) => e.code === 200)).toEqual([ErrorCode.OK]);
  });

  test('the well-known codes the client uses match the catalogue', () => {
    expect([SUCCESS_CODE, SUCCESS_STATUS]).toEqual([ErrorCode.OK.code, ErrorCode.OK.status]);
    expect(UNAUTHORIZED_STATUS).toBe(ErrorCode.UNAUTHORIZED.status);
    expect([DEVICE_ID_INVALID_CODE, DEVICE_ID_INVALID_KEY]).toEqual([
      ErrorCode.DEVICE_ID_INVALID.code,
      ErrorCode.DEVICE_ID_INVALID.key,
    ]);
  });

  test('an error envelope carries the code, its status name and no data', () => {
    const env = errorEnvelope(ErrorCode.GROUP_FULL, 'Group is full');
    expect(env).toEqual({ code: 1503, msg: 'Group is full', status: 'GroupFull', data: null });
    expect(isEnvelope(env)).toBe(true);
    expect(errorEntryByCode(1503)).toBe(ErrorCode.GROUP_FULL);
    expect(errorEntryByCode(99_999)).toBeUndefined();
  });

  test.each([
    null,
    'x',
    { code: '200', msg: '', status: '', data: null },
    { code: 200, msg: 'OK', status: 'OK' },
  ])('isEnvelope refuses %j', (v) => expect(isEnvelope(v)).toBe(false));
});

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  test.each(all)('documents %s with its signed and auth flags', (_name, e) => {
    const row = readme.split('\n').find((l) => l.startsWith(`| \`${e.path}\``));
    expect(row, e.path).toBeDefined();
    const cells = (row ?? '').split('|').map((c) => c.trim());
    expect(cells[2]).toBe(e.signed ? 'yes' : 'no');
    expect(cells[3]).toBe(e.auth ? 'yes' : 'no');
  });
});
