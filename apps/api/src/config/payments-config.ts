import {
  LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
  PAYMENT_NOT_DETECTED_MINUTES_DEFAULT,
  PROMO_HOLD_MINUTES_DEFAULT,
} from '@nimbus/domain';
import { Type, type Static, type TSchema } from 'typebox';
import {
  CARD_METHODS,
  parseEpaySettings,
  parseStripeSettings,
  type CardMethod,
  type EpaySettings,
  type StripeSettings,
} from './providers-config.ts';
import { intSetting, parseBooleanText, parseJsonText, type Setting } from './settings.ts';

/**
 * Configuration of payments and crypto networks, parsed from
 * the environment values env.ts hands over (this file never reads process.env). Every variable
 * and its default is documented in the package README.
 */

export const SANDBOX_METHODS = CARD_METHODS;
export type { CardMethod };

/** Who takes a card or wallet method: a real provider, or the sandbox (no money moves). */
export type CardProviderName = 'stripe' | 'epay' | 'sandbox';

const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const CryptoTokenEnv = Type.Object(
  {
    symbol: Type.String({ minLength: 1, maxLength: 16 }),
    address: Type.Union([Address, Type.Null()]),
    decimals: Type.Integer({ minimum: 0, maximum: 36 }),
    /**
     * Price of one whole coin in USD cents; required for native coins, stablecoins default to $1.
     */
    usdPriceMinor: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
const CryptoNetworkEnv = Type.Object(
  {
    chainId: Type.Integer({ minimum: 1 }),
    name: Type.String({ minLength: 1 }),
    rpcUrl: Type.String({ pattern: '^https?://' }),
    confirmations: Type.Integer({ minimum: 1, maximum: 1000 }),
    explorerUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    tokens: Type.Array(CryptoTokenEnv, { minItems: 1 }),
  },
  { additionalProperties: false },
);
const CryptoNetworksEnv = Type.Array(CryptoNetworkEnv);
export type CryptoNetworkSetting = Static<typeof CryptoNetworkEnv>;
export type CryptoTokenSetting = Static<typeof CryptoTokenEnv>;

export interface PaymentsConfig {
  /**
   * The sandbox provider takes card/wallet payments (no money moves). On by default outside
   * production; in production only when PAYMENT_SANDBOX=true and PAYMENT_SANDBOX_IN_PRODUCTION=true
   * acknowledges it (anyone can then take membership for free), so a real deployment never hands
   * out membership for sandbox "payments" by one mistaken variable.
   */
  sandbox: boolean;
  /**
   * Card and wallet methods offered, each by one provider: Stripe first, then EPay, then the
   * sandbox for the methods of PAYMENT_METHODS no real provider takes. Empty without a provider.
   */
  methods: CardMethod[];
  /** The provider of each offered method. */
  methodProviders: Partial<Record<CardMethod, CardProviderName>>;
  /** Stripe (cards, Alipay, WeChat Pay through Checkout), when configured. */
  stripe: StripeSettings | undefined;
  /** An EPay (易支付) merchant gateway (Alipay, WeChat Pay), when configured. */
  epay: EpaySettings | undefined;
  orderExpiryMinutes: number;
  /**
   * The checkout window of an order with a promo code: its use is held this long, then released
   * (and the order expires), so unpaid orders cannot sit on a limited code (run-time setting
   * `payments.promoHoldMinutes`).
   */
  promoHoldMinutes: number;
  paymentNotDetectedMinutes: number;
  upgradeConversionPercent: number;
  referralBonusPercent: number;
  /**
   * Where the sandbox checkout sends the buyer after paying (a path on the marketing site or a
   * URL).
   */
  checkoutReturnUrl: string;
  crypto: { networks: CryptoNetworkSetting[]; recipient: string | undefined };
}

type Get = Setting;

function parseJson<T>(get: Get, name: string, schema: TSchema, fallback: T, problems: string[]): T {
  const raw = get(name);
  return raw === undefined ? fallback : (parseJsonText<T>(raw, name, schema, problems) ?? fallback);
}

function bool(get: Get, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = get(name);
  return raw === undefined ? fallback : (parseBooleanText(raw, name, problems) ?? fallback);
}

export function parsePaymentsConfig(get: Get, problems: string[]): PaymentsConfig {
  const methods: CardMethod[] = [];
  for (const m of (get('PAYMENT_METHODS') ?? 'card,paypal')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if ((SANDBOX_METHODS as readonly string[]).includes(m)) methods.push(m as CardMethod);
    else
      problems.push(
        `PAYMENT_METHODS entry "${m}" must be one of ${SANDBOX_METHODS.join(', ')} (crypto is offered when CRYPTO_NETWORKS is set)`,
      );
  }
  const networks = parseJson<CryptoNetworkSetting[]>(
    get,
    'CRYPTO_NETWORKS',
    CryptoNetworksEnv,
    [],
    problems,
  );
  const recipient = get('CRYPTO_RECIPIENT');
  if (recipient !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(recipient))
    problems.push('CRYPTO_RECIPIENT must be an EVM address (0x and 40 hex digits)');
  if (networks.length > 0 && recipient === undefined)
    problems.push('CRYPTO_RECIPIENT is required when CRYPTO_NETWORKS is set');
  for (const network of networks) {
    if (new Set(network.tokens.map((t) => t.symbol)).size !== network.tokens.length)
      problems.push(`CRYPTO_NETWORKS: token symbols of chain ${network.chainId} must be unique`);
    for (const token of network.tokens) {
      if (token.address === null && token.usdPriceMinor === undefined)
        problems.push(
          `CRYPTO_NETWORKS: the native coin ${token.symbol} of chain ${network.chainId} needs usdPriceMinor`,
        );
      if (token.address !== null && token.usdPriceMinor === undefined && token.decimals < 2)
        problems.push(
          `CRYPTO_NETWORKS: token ${token.symbol} needs at least 2 decimals to carry cents`,
        );
    }
  }
  if (new Set(networks.map((n) => n.chainId)).size !== networks.length)
    problems.push('CRYPTO_NETWORKS: chain ids must be unique');
  const production = get('NODE_ENV') === 'production';
  const sandbox = bool(get, 'PAYMENT_SANDBOX', !production, problems);
  if (sandbox && production && !bool(get, 'PAYMENT_SANDBOX_IN_PRODUCTION', false, problems))
    problems.push(
      'PAYMENT_SANDBOX=true in production lets anyone take membership without paying: set PAYMENT_SANDBOX_IN_PRODUCTION=true as well if this server is meant to (a staging copy), or remove PAYMENT_SANDBOX',
    );
  const stripe = parseStripeSettings(get, problems);
  const epay = parseEpaySettings(get, problems);
  const methodProviders: Partial<Record<CardMethod, CardProviderName>> = {};
  for (const m of stripe?.methods ?? []) methodProviders[m] = 'stripe';
  for (const m of epay?.methods ?? []) {
    if (methodProviders[m] === undefined) methodProviders[m] = 'epay';
    else
      problems.push(
        `${m} is offered by both Stripe and EPay: name it in one of STRIPE_METHODS and EPAY_METHODS`,
      );
  }
  if (sandbox) for (const m of methods) methodProviders[m] ??= 'sandbox';
  return {
    sandbox,
    methods: CARD_METHODS.filter((m) => methodProviders[m] !== undefined),
    methodProviders,
    stripe,
    epay,
    orderExpiryMinutes: intSetting(get, 'ORDER_EXPIRY_MINUTES', 60, 1, 7 * 24 * 60, problems),
    promoHoldMinutes: intSetting(
      get,
      'PROMO_HOLD_MINUTES',
      PROMO_HOLD_MINUTES_DEFAULT,
      1,
      24 * 60,
      problems,
    ),
    paymentNotDetectedMinutes: intSetting(
      get,
      'PAYMENT_NOT_DETECTED_MINUTES',
      PAYMENT_NOT_DETECTED_MINUTES_DEFAULT,
      1,
      24 * 60,
      problems,
    ),
    upgradeConversionPercent: intSetting(
      get,
      'LITE_UPGRADE_CONVERSION_PERCENT',
      LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
      0,
      100,
      problems,
    ),
    referralBonusPercent: intSetting(get, 'REFERRAL_BONUS_PERCENT', 10, 0, 100, problems),
    checkoutReturnUrl: get('CHECKOUT_RETURN_URL') ?? '/purchased',
    crypto: {
      networks: recipient === undefined ? [] : networks,
      recipient: recipient?.toLowerCase(),
    },
  };
}
