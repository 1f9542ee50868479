import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { describePayments } from '../../src/config/payments-check.ts';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdefABCDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
};
const EPAY = {
  EPAY_GATEWAY_URL: 'https://pay.example.com/',
  EPAY_MERCHANT_ID: '1001',
  EPAY_KEY: '0123456789abcdefABCDEF',
};

const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('payment providers from the environment', () => {
  test('nothing configured: development keeps the sandbox, production offers no card method', () => {
    expect(loadConfig({}).payments).toMatchObject({
      sandbox: true,
      methods: ['card', 'paypal'],
      methodProviders: { card: 'sandbox', paypal: 'sandbox' },
      stripe: undefined,
      epay: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).payments).toMatchObject({
      sandbox: false,
      methods: [],
      methodProviders: {},
    });
  });

  test('each method has one provider: Stripe, then EPay, then the sandbox for the rest', () => {
    const dev = loadConfig({
      ...STRIPE,
      STRIPE_METHODS: 'card',
      ...EPAY,
      PAYMENT_METHODS: 'card,paypal',
    }).payments;
    expect(dev.methods).toEqual(['card', 'alipay', 'wechat', 'paypal']);
    expect(dev.methodProviders).toEqual({
      card: 'stripe',
      alipay: 'epay',
      wechat: 'epay',
      paypal: 'sandbox',
    });
    expect(dev.epay).toMatchObject({ gatewayUrl: 'https://pay.example.com', currency: 'CNY' });
    const production = loadConfig({ NODE_ENV: 'production', ...STRIPE, ...EPAY }).payments;
    expect(production.methodProviders).toEqual({ card: 'stripe', alipay: 'epay', wechat: 'epay' });
    expect(production.stripe).toMatchObject({ testMode: false, apiBase: undefined });
  });

  test('missing or inconsistent settings are refused, all at once', () => {
    expect(problems({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toEqual([
      'Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET together (missing STRIPE_WEBHOOK_SECRET)',
    ]);
    expect(problems({ STRIPE_METHODS: 'card' })).toEqual([
      'STRIPE_METHODS is set but STRIPE_SECRET_KEY is not',
    ]);
    expect(
      problems({
        STRIPE_SECRET_KEY: 'pk_live_0123456789abcdef',
        STRIPE_WEBHOOK_SECRET: 'secret',
        STRIPE_METHODS: 'card,paypal',
      }),
    ).toEqual([
      'STRIPE_SECRET_KEY must be a secret or restricted key (sk_live_..., sk_test_...)',
      "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...)",
      'STRIPE_METHODS entry "paypal" must be one of card, alipay, wechat',
    ]);
    expect(problems({ ...STRIPE, STRIPE_METHODS: 'card,alipay', ...EPAY })).toEqual([
      'alipay is offered by both Stripe and EPay: name it in one of STRIPE_METHODS and EPAY_METHODS',
    ]);
    expect(problems({ EPAY_GATEWAY_URL: 'ftp://x', EPAY_MERCHANT_ID: '1' })).toEqual([
      'EPay needs EPAY_GATEWAY_URL, EPAY_MERCHANT_ID, EPAY_KEY together (missing EPAY_KEY)',
    ]);
    expect(problems({ ...EPAY, EPAY_KEY: 'short', EPAY_CURRENCY: 'rmb' })).toEqual([
      'EPAY_KEY must be the merchant key (at least 16 characters)',
      'EPAY_CURRENCY must be an ISO 4217 code such as CNY',
    ]);
  });

  test('ops check names each method’s provider and warns about settings that will surprise', () => {
    const risky = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://vpn.example.com',
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: STRIPE.STRIPE_WEBHOOK_SECRET,
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      ...EPAY,
    });
    const described = describePayments(risky, ['USD']);
    expect(described.methods).toEqual({ card: 'stripe', alipay: 'epay', wechat: 'epay' });
    expect(described.webhooks).toEqual({
      stripe: 'http://vpn.example.com/v4/payment/webhook/stripe',
      epay: 'http://vpn.example.com/v4/payment/webhook/epay',
    });
    expect(described.warnings).toEqual([
      'STRIPE_SECRET_KEY is a test key in production: no money moves',
      'STRIPE_API_BASE is set in production: Stripe requests do not go to Stripe',
      'PUBLIC_URL is not https: buyers return there and providers send their webhooks there',
      'EPay charges CNY but no active plan is priced in it: EPay is not offered',
    ]);
    expect(describePayments(loadConfig({ NODE_ENV: 'production' }), ['USD']).warnings).toEqual([
      'no payment method is configured: nobody can buy a plan',
    ]);
    const good = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vpn.example.com',
      ...STRIPE,
    });
    expect(describePayments(good, ['USD']).warnings).toEqual([]);
  });
});
