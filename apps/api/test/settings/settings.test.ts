import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  endpointNames,
  ErrorCode,
  featureOf,
  type EndpointName,
  type RequestOf,
} from '@nimbus/api-sdk/contract';
import { FEATURES, type Feature } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { buy, idempotencyKey } from '../support/payments.ts';
import { registerWithEmail, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { quickUser } from '../support/group-buy.ts';
import { databaseFingerprint, expectRefusal, send } from '../security/fixtures.ts';
import { secondProcess, startTestApp, tempDir, type TestApp } from '../support/test-app.ts';

const CHAIN_ID = 31_337;
const ENV = {
  GROUP_BUY_ENABLED: 'true',
  BLOG_URL: 'https://blog.nimbus.example',
  JOBS_INTERVAL_SECONDS: '0',
  // A configured network that is never reached (nothing is submitted on chain here).
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

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: ENV });
});
afterAll(() => t.close());

const ACTOR = 'ops:alice' as const;
const settingsOps = (...argv: string[]) =>
  runOpsCommand('settings', argv, t.app.services, t.clock.now, ACTOR);
async function okJson<T = Record<string, unknown>>(...argv: string[]): Promise<T> {
  const outcome = await settingsOps(...argv, '--json');
  expect(outcome.stderr).toBe('');
  expect(outcome.exitCode).toBe(0);
  return JSON.parse(outcome.stdout) as T;
}
const displayConfig = async (app = t.app) =>
  (await new Client(app).signedCall('systemDisplayConfig', {})).body.data;
const clientConfig = async (app = t.app) =>
  (await new Client(app).signedCall('systemClientConfig', {})).body.data;

interface Entry {
  key: string;
  value: unknown;
  default: unknown;
  isSet: boolean;
  env: string;
  updatedBy: string | null;
}

describe('settings from the environment', () => {
  test('every key is listed with its value, its environment default and where it comes from', async () => {
    const entries = await okJson<Entry[]>('list');
    const byKey = new Map(entries.map((e) => [e.key, e]));
    for (const feature of FEATURES) expect(byKey.has(`features.${feature}`)).toBe(true);
    expect(byKey.get('features.groupBuy')).toMatchObject({
      value: true,
      default: true,
      isSet: false,
      env: 'GROUP_BUY_ENABLED',
    });
    expect(byKey.get('features.studentDiscount')).toMatchObject({ value: false, isSet: false });
    expect(byKey.get('links.blog')).toMatchObject({
      value: 'https://blog.nimbus.example',
      env: 'BLOG_URL',
    });
    expect(byKey.get('notices')).toMatchObject({ value: [], env: 'SITE_NOTICES' });
    const text = (await settingsOps('list')).stdout;
    expect(text).toMatch(/features\.trial\s+true\s+default \(FEATURE_TRIAL\)/);
  });
});

/** A valid request to each endpoint a switch gates, for a signed-in member. */
const GATED: { [N in EndpointName]?: (orderId: string) => RequestOf<N> } = {
  systemRedeemCode: () => ({ code: 'SPRING-2026-ABCD' }),
  systemBenefits: () => ({}),
  systemUserBenefits: () => ({}),
  userTrial: () => ({}),
  systemThirdPartyStatus: () => ({}),
  systemThirdPartyEnable: () => ({}),
  systemThirdPartyReset: () => ({}),
  paymentCryptoDetails: (orderId) => ({ orderId, chainId: CHAIN_ID, token: 'USDT' }),
  systemKolApply: () => ({
    links: ['https://youtube.com/@reviews'],
    audience: 'Tech reviews',
    wallet: { network: 'bsc', address: `0x${'aa'.repeat(20)}` },
  }),
};

describe('a switched-off feature', () => {
  test('every endpoint the contract gates has a sample here', () => {
    const gated = endpointNames.filter((n) => featureOf(n) !== undefined);
    expect(gated.sort()).toEqual(Object.keys(GATED).sort());
  });

  test.each(FEATURES.filter((f) => endpointNames.some((n) => featureOf(n) === f)))(
    '%s off: display config says so, its calls answer FEATURE_UNAVAILABLE in the caller language and change nothing; back on, they work',
    async (feature: Feature) => {
      const { client } = await quickUser(t);
      const crypto = await buy(client, { paymentMethod: 'crypto' });
      await okJson('set', `features.${feature}`, 'false');
      expect((await displayConfig())?.features[feature]).toBe(false);

      const before = await databaseFingerprint(t.app);
      for (const name of endpointNames.filter((n) => featureOf(n) === feature)) {
        const input = GATED[name]?.(crypto.orderId) ?? {};
        for (const language of ['en', 'zh-CN'] as const) {
          client.language = language === 'en' ? 'en' : 'zh_CN';
          expectRefusal(
            await send(client, name, input, t.clock.now),
            ErrorCode.FEATURE_UNAVAILABLE,
            language,
          );
        }
        client.language = 'en';
      }
      expect(await databaseFingerprint(t.app)).toEqual(before);

      await okJson('unset', `features.${feature}`);
      expect((await displayConfig())?.features[feature]).toBe(true);
      const name = endpointNames.find((n) => featureOf(n) === feature) ?? 'systemBenefits';
      const answer = await send(client, name, GATED[name]?.(crypto.orderId) ?? {}, t.clock.now);
      expect(answer.body.code).not.toBe(ErrorCode.FEATURE_UNAVAILABLE.code);
    },
  );

  test('crypto pay off: crypto is not offered and a crypto purchase is refused; a transaction already sent is still taken', async () => {
    const { client } = await quickUser(t);
    const pending = await buy(client, { paymentMethod: 'crypto' });
    await okJson('set', 'features.cryptoPay', 'false');
    expect((await clientConfig())?.paymentMethods).not.toContain('crypto');
    expect((await clientConfig())?.crypto.networks).toEqual([]);
    expectRefusal(
      await client.call('paymentPurchase', {
        productId: '1',
        paymentMethod: 'crypto',
        idempotencyKey: idempotencyKey(),
      }),
      ErrorCode.FEATURE_UNAVAILABLE,
    );
    expectRefusal(
      await client.call('paymentJointPurchase', {
        productId: '3',
        size: 2,
        paymentType: 0,
        paymentMethod: 'crypto',
        idempotencyKey: idempotencyKey(),
      }),
      ErrorCode.FEATURE_UNAVAILABLE,
    );
    // Money already on its way is never turned away by a switch: the submit is checked as ever
    // (here the chain cannot be reached, so it is not a feature refusal).
    const submit = await client.call('paymentCryptoSubmit', {
      orderId: pending.orderId,
      chainId: CHAIN_ID,
      txHash: `0x${'ab'.repeat(32)}`,
    });
    expect(submit.body.code).not.toBe(ErrorCode.FEATURE_UNAVAILABLE.code);
    await okJson('unset', 'features.cryptoPay');
    expect((await clientConfig())?.paymentMethods).toContain('crypto');
  });

  test('group buying off: the client config and display config say so and new groups are refused as not started', async () => {
    const { client } = await quickUser(t);
    await okJson('set', 'features.groupBuy', 'false');
    expect((await clientConfig())?.groupBuy.enabled).toBe(false);
    expect((await displayConfig())?.features.groupBuy).toBe(false);
    expectRefusal(
      await client.call('paymentJointPurchase', {
        productId: '3',
        size: 2,
        paymentType: 0,
        paymentMethod: 'card',
        idempotencyKey: idempotencyKey(),
      }),
      ErrorCode.GROUP_NOT_STARTED,
    );
    await okJson('unset', 'features.groupBuy');
    expect((await clientConfig())?.groupBuy.enabled).toBe(true);
  });
});

describe('what the apps are shown', () => {
  test('notices (from a file), links, the highlighted plan and the group window come from the settings', async () => {
    const file = path.join(tempDir(), 'notices.json');
    const notices = [
      {
        id: 'maintenance-1',
        level: 'warning',
        text: { en: 'Maintenance tonight', 'zh-CN': '今晚维护' },
        link: '/download',
        startsAt: null,
        endsAt: null,
      },
      {
        id: 'later',
        level: 'info',
        text: { en: 'Next week', 'zh-CN': '下周' },
        link: null,
        startsAt: t.clock.now + 7 * 86_400_000,
        endsAt: null,
      },
    ];
    writeFileSync(file, JSON.stringify(notices));
    await okJson('set', 'notices', `--file=${file}`);
    await okJson('set', 'links.blog', 'none');
    await okJson('set', 'highlightProductId', '2');
    await okJson('set', 'links.githubMirrors', 'Mirror=https://mirror.example/nimbus');
    const display = await displayConfig();
    expect(display?.notices.map((n) => n.id)).toEqual(['maintenance-1']);
    expect(display?.highlightProductId).toBe('2');
    const client = await clientConfig();
    expect(client?.links.blog).toBeNull();
    expect(client?.links.githubMirrors).toEqual([
      { name: 'Mirror', url: 'https://mirror.example/nimbus' },
    ]);

    // A plan that is not on sale is not highlighted: the recommended one is.
    await okJson('set', 'highlightProductId', '999');
    expect((await displayConfig())?.highlightProductId).toBe('3');

    // The campaign's end: no new groups after it.
    await okJson('set', 'groupBuy.endsAt', new Date(t.clock.now - 1000).toISOString());
    expect((await clientConfig())?.groupBuy.endsAt).toBe(t.clock.now - 1000);
    const { client: member } = await quickUser(t);
    expectRefusal(
      await member.call('paymentJointPurchase', {
        productId: '3',
        size: 2,
        paymentType: 0,
        paymentMethod: 'card',
        idempotencyKey: idempotencyKey(),
      }),
      ErrorCode.GROUP_ENDED,
    );
    for (const key of ['notices', 'links.blog', 'highlightProductId', 'links.githubMirrors'])
      await okJson('unset', key);
    await okJson('unset', 'groupBuy.endsAt');
    expect((await clientConfig())?.links.blog).toBe('https://blog.nimbus.example');
  });

  test('the invited trial length is read at registration', async () => {
    await okJson('set', 'trial.invitedMinutes', '60');
    expect((await clientConfig())?.trial.invitedMinutes).toBe(60);
    const inviter = new Client(t.app);
    await registerWithUsername(inviter);
    const info = await inviter.signedCall('systemUserInfo', {});
    const { data } = await registerWithEmail(new Client(t.app), {
      inviteCode: info.body.data?.inviteCode ?? '',
    });
    expect(data.trialSeconds).toBe(3600);
    await okJson('unset', 'trial.invitedMinutes');
  });
});

describe('changing a setting', () => {
  test.each([
    ['an unknown key', ['set', 'features.teleport', 'true']],
    ['a switch that is not true or false', ['set', 'features.trial', 'maybe']],
    ['notices that are not JSON', ['set', 'notices', '[{']],
    ['notices without the documented shape', ['set', 'notices', '[{"id":"x"}]']],
    [
      'notices with one id twice',
      [
        'set',
        'notices',
        JSON.stringify(
          ['a', 'a'].map((id) => ({
            id,
            level: 'info',
            text: { en: 'x', 'zh-CN': '某' },
            link: null,
            startsAt: null,
            endsAt: null,
          })),
        ),
      ],
    ],
    ['a link that is not http(s)', ['set', 'links.blog', 'javascript:alert(1)']],
    ['no plan 0', ['set', 'highlightProductId', '0']],
    ['a date without a zone', ['set', 'groupBuy.startsAt', '2026-12-01T00:00:00']],
    ['null where the key needs a value', ['set', 'features.trial', 'none']],
    ['a value and a file at once', ['set', 'notices', '[]', '--file=/nonexistent']],
    ['unset of an unknown key', ['unset', 'features.teleport']],
  ])('refuses %s as a usage error and changes nothing', async (_name, argv) => {
    const before = await okJson<Entry[]>('list');
    const audit = await t.app.services.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const outcome = await settingsOps(...argv);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).not.toBe('');
    expect(await okJson<Entry[]>('list')).toEqual(before);
    const after = await t.app.services.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(audit.n));
  });

  test('every change is audited with the operator, the value before and after', async () => {
    await okJson('set', 'support.email', 'help@nimbus.example');
    await okJson('set', 'support.email', 'desk@nimbus.example');
    const entry = await okJson<Entry>('unset', 'support.email');
    expect(entry).toMatchObject({ value: 'support@localhost', isSet: false, updatedBy: ACTOR });
    const trail = await auditTrail(t.app.services.db, 'setting', 'support.email');
    expect(trail.map((r) => [r.action, r.actor, r.data])).toEqual([
      ['setting.set', ACTOR, { before: null, after: 'help@nimbus.example' }],
      ['setting.set', ACTOR, { before: 'help@nimbus.example', after: 'desk@nimbus.example' }],
      ['setting.unset', ACTOR, { before: 'desk@nimbus.example', after: null }],
    ]);
    expect((await settingsOps('get', 'support.email')).stdout).toMatch(
      /source:\s+default \(SUPPORT_EMAIL\)/,
    );
  });

  test('a stored value that is no longer valid is ignored: the default applies', async () => {
    const { db } = t.app.services;
    await db
      .insertInto('settings')
      .values({
        key: 'features.benefits',
        value: '"sometimes"',
        version: 1,
        updated_at: t.clock.now,
        updated_by: 'ops:hand',
      })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: '"sometimes"', version: 1000 }))
      .execute();
    const other = await secondProcess(t);
    try {
      expect((await displayConfig(other.app))?.features.benefits).toBe(true);
    } finally {
      await other.close();
      await okJson('unset', 'features.benefits');
    }
  });
});

describe('several server processes', () => {
  test('a change made through one process is seen by another within seconds, without a restart', async () => {
    const other = await secondProcess(t);
    try {
      expect((await displayConfig(other.app))?.features.benefits).toBe(true);
      await okJson('set', 'features.benefits', 'false');
      const started = Date.now();
      let seen = true;
      while (seen && Date.now() - started < 20_000) {
        seen = (await displayConfig(other.app))?.features.benefits ?? true;
        if (seen) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(seen).toBe(false);
      const { client } = await quickUser(other);
      expectRefusal(await client.call('systemUserBenefits', {}), ErrorCode.FEATURE_UNAVAILABLE);
    } finally {
      await okJson('unset', 'features.benefits');
      await other.close();
    }
  });
});
