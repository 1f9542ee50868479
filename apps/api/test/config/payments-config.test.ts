import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe('site configuration with defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  test('system_client_config (signed) offers the sandbox methods and no crypto without networks', async () => {
    const data = (await new Client(t.app).signedCall('systemClientConfig', {})).body.data;
    expect(data).toMatchObject({
      paymentMethods: ['card', 'paypal'],
      crypto: { networks: [] },
      groupBuy: { enabled: false, startsAt: null, endsAt: null },
      support: { email: 'support@localhost', telegram: null },
      links: { blog: null, status: null, announcements: null, githubMirrors: [] },
      trial: { minutes: 15, invitedMinutes: 180 },
    });
    expect(data?.downloads.map((d) => d.platform)).toEqual(['ios', 'android', 'mac', 'windows']);
  });

  test('system_display_config (signed) highlights the recommended plan', async () => {
    const data = (await new Client(t.app).signedCall('systemDisplayConfig', {})).body.data;
    expect(data).toEqual({
      notices: [],
      features: {
        trial: true,
        affiliate: true,
        thirdParty: true,
        benefits: true,
        redeem: true,
        studentDiscount: false,
        groupBuy: false,
        cryptoPay: false,
      },
      highlightProductId: '3',
    });
  });
});

describe('site configuration from the environment', () => {
  let t: TestApp;
  const network = {
    chainId: 31337,
    name: 'Local',
    rpcUrl: 'http://127.0.0.1:9',
    confirmations: 1,
    explorerUrl: 'https://explorer.example/tx/',
    tokens: [
      { symbol: 'USDT', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 },
      { symbol: 'ETH', address: null, decimals: 18, usdPriceMinor: 300_000 },
    ],
  };
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        PAYMENT_METHODS: 'card,alipay',
        CRYPTO_NETWORKS: JSON.stringify([network]),
        CRYPTO_RECIPIENT: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        GROUP_BUY_ENABLED: 'true',
        GROUP_BUY_STARTS_AT: '2026-01-01T00:00:00Z',
        SUPPORT_EMAIL: 'help@nimbus.example',
        SUPPORT_TELEGRAM: 'https://t.me/nimbus',
        BLOG_URL: 'https://blog.nimbus.example',
        STATUS_URL: 'https://status.nimbus.example',
        GITHUB_MIRRORS: 'Mirror A=https://a.example/nimbus,Mirror B=https://b.example/nimbus',
        SITE_NOTICES: JSON.stringify([
          {
            id: 'n1',
            level: 'info',
            text: { en: 'Hello', 'zh-CN': '你好' },
            link: null,
            startsAt: null,
            endsAt: null,
          },
          {
            id: 'old',
            level: 'warning',
            text: { en: 'Gone', 'zh-CN': '已结束' },
            link: null,
            startsAt: null,
            endsAt: 1,
          },
        ]),
        HIGHLIGHT_PRODUCT_ID: '2',
      },
    });
  });
  afterAll(() => t.close());

  test('client config carries crypto networks, group buying and the header links', async () => {
    const data = (await new Client(t.app).signedCall('systemClientConfig', {})).body.data;
    expect(data?.paymentMethods).toEqual(['card', 'alipay', 'crypto']);
    expect(data?.crypto.networks).toEqual([
      {
        chainId: 31337,
        name: 'Local',
        explorerTxUrl: 'https://explorer.example/tx/',
        tokens: [
          { symbol: 'USDT', address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 },
          { symbol: 'ETH', address: null, decimals: 18 },
        ],
      },
    ]);
    expect(data?.groupBuy).toEqual({
      enabled: true,
      startsAt: Date.parse('2026-01-01T00:00:00Z'),
      endsAt: null,
    });
    expect(data?.links.githubMirrors).toEqual([
      { name: 'Mirror A', url: 'https://a.example/nimbus' },
      { name: 'Mirror B', url: 'https://b.example/nimbus' },
    ]);
    expect(data?.support).toEqual({
      email: 'help@nimbus.example',
      telegram: 'https://t.me/nimbus',
    });
  });

  test('display config shows the notices in force and the configured plan', async () => {
    const data = (await new Client(t.app).signedCall('systemDisplayConfig', {})).body.data;
    expect(data?.notices.map((n) => n.id)).toEqual(['n1']);
    expect(data?.features).toMatchObject({ groupBuy: true, cryptoPay: true });
    expect(data?.highlightProductId).toBe('2');
  });
});

describe('the sandbox in production', () => {
  test('is off unless PAYMENT_SANDBOX=true: no card methods, no checkout page, no sandbox webhook', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toMatchObject({
      sandbox: false,
      methods: [],
    });
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PAYMENT_SANDBOX: 'true',
        PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
      }).payments,
    ).toMatchObject({
      sandbox: true,
      methods: ['card', 'paypal'],
    });
    const t = await startTestApp({ env: { PAYMENT_SANDBOX: 'false' } });
    try {
      const client = new Client(t.app);
      expect((await client.signedCall('systemClientConfig', {})).body.data?.paymentMethods).toEqual(
        [],
      );
      const { registerWithUsername } = await import('../support/accounts.ts');
      await registerWithUsername(client);
      expect(
        (
          await client.call('paymentPurchase', {
            productId: '1',
            paymentMethod: 'card',
            idempotencyKey: 'k'.repeat(20),
          })
        ).body.status,
      ).toBe('PaymentMethodUnavailable');
      expect(
        (await t.app.inject({ method: 'GET', url: '/pay/sandbox/20260101AAAAAAAAAAAA' })).body,
      ).not.toContain('Test checkout');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/v4/payment/webhook/sandbox',
            headers: { 'content-type': 'application/json' },
            payload: '{}',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('bad payment configuration is reported at start', () => {
  test.each([
    [{ PAYMENT_METHODS: 'card,bitcoin' }, 'PAYMENT_METHODS entry "bitcoin"'],
    [
      {
        CRYPTO_NETWORKS: '[{"chainId":1}]',
        CRYPTO_RECIPIENT: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      },
      'CRYPTO_NETWORKS does not have the documented shape',
    ],
    [
      { CRYPTO_NETWORKS: '[]', CRYPTO_RECIPIENT: 'nope' },
      'CRYPTO_RECIPIENT must be an EVM address',
    ],
    [
      {
        CRYPTO_NETWORKS: JSON.stringify([
          {
            chainId: 1,
            name: 'x',
            rpcUrl: 'http://x',
            confirmations: 1,
            tokens: [{ symbol: 'ETH', address: null, decimals: 18 }],
          },
        ]),
        CRYPTO_RECIPIENT: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      },
      'needs usdPriceMinor',
    ],
    [{ ORDER_EXPIRY_MINUTES: '0' }, 'ORDER_EXPIRY_MINUTES must be an integer'],
    [{ GROUP_BUY_STARTS_AT: 'tomorrow' }, 'GROUP_BUY_STARTS_AT must be'],
    [{ GITHUB_MIRRORS: 'nope' }, 'GITHUB_MIRRORS entry'],
  ])('%o', (env, message) => {
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', ...env })).toThrow(message);
  });
});
