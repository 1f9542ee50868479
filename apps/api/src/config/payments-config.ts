import {
  LITE_UPGRADE_CONVERSION_PERCENT_DEFAULT,
  PAYMENT_NOT_DETECTED_MINUTES_DEFAULT,
  PLATFORM_HEADERS,
} from '@nimbus/domain';
import { Type, type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import {
  CARD_METHODS,
  parseEpaySettings,
  parseStripeSettings,
  type CardMethod,
  type EpaySettings,
  type StripeSettings,
} from './providers-config.ts';
import { intSetting, type Setting } from './settings.ts';

/**
 * Configuration of payments, the catalogue's site configuration and crypto networks, parsed from
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

const DownloadEnv = Type.Object(
  {
    platform: Type.Enum(PLATFORM_HEADERS),
    version: Type.String({ minLength: 1 }),
    storeUrl: Type.Union([Type.String(), Type.Null()]),
    packageUrl: Type.Union([Type.String(), Type.Null()]),
    minSystem: Type.Union([Type.String(), Type.Null()]),
    releasedAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
const DownloadsEnv = Type.Array(DownloadEnv);
export type DownloadSetting = Static<typeof DownloadEnv>;

const NoticeEnv = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    level: Type.Enum(['info', 'warning'] as const),
    text: Type.Object({ en: Type.String(), 'zh-CN': Type.String() }),
    link: Type.Union([Type.String(), Type.Null()]),
    startsAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    endsAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
const NoticesEnv = Type.Array(NoticeEnv);
export type NoticeSetting = Static<typeof NoticeEnv>;

export interface PaymentsConfig {
  /**
   * The sandbox provider takes card/wallet payments (no money moves). On by default outside
   * production; in production only when PAYMENT_SANDBOX=true, so a real deployment never hands
   * out membership for sandbox "payments".
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

export interface SiteConfig {
  downloads: DownloadSetting[];
  supportEmail: string;
  supportTelegram: string | null;
  groupBuy: { enabled: boolean; startsAt: number | null; endsAt: number | null };
  links: {
    blog: string | null;
    status: string | null;
    announcements: string | null;
    githubMirrors: { name: string; url: string }[];
  };
  notices: NoticeSetting[];
  features: {
    trial: boolean;
    affiliate: boolean;
    thirdParty: boolean;
    benefits: boolean;
    studentDiscount: boolean;
  };
  highlightProductId: number | null;
}

/** The apps' current versions when APP_DOWNLOADS is not set: no store or package links yet. */
export const DEFAULT_DOWNLOADS: DownloadSetting[] = [
  {
    platform: 'ios',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'iOS 15',
    releasedAt: null,
  },
  {
    platform: 'android',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'Android 8',
    releasedAt: null,
  },
  {
    platform: 'mac',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'macOS 12',
    releasedAt: null,
  },
  {
    platform: 'windows',
    version: '1.0.0',
    storeUrl: null,
    packageUrl: null,
    minSystem: 'Windows 10',
    releasedAt: null,
  },
];

type Get = Setting;

function parseJson<T>(get: Get, name: string, schema: TSchema, fallback: T, problems: string[]): T {
  const raw = get(name);
  if (raw === undefined) return fallback;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    problems.push(`${name} is not valid JSON`);
    return fallback;
  }
  const validator = Compile(schema);
  if (!validator.Check(value)) {
    const first = [...validator.Errors(value)][0];
    problems.push(
      `${name} does not have the documented shape${first ? ` (${first.instancePath || '/'} ${first.message})` : ''}`,
    );
    return fallback;
  }
  return value as T;
}

function bool(get: Get, name: string, fallback: boolean, problems: string[]): boolean {
  const raw = get(name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`${name} must be true or false (got "${raw}")`);
  return fallback;
}

/** An instant given as UTC milliseconds or an ISO 8601 date-time with a zone. */
function instant(get: Get, name: string, problems: string[]): number | null {
  const raw = get(name);
  if (raw === undefined) return null;
  if (/^\d+$/.test(raw)) return Number(raw);
  const ms = /\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) {
    problems.push(
      `${name} must be UTC milliseconds or an ISO date-time with a zone (got "${raw}")`,
    );
    return null;
  }
  return ms;
}

function optionalUrl(get: Get, name: string, problems: string[]): string | null {
  const raw = get(name);
  if (raw === undefined) return null;
  try {
    const u = new URL(raw);
    if (u.protocol !== 'https:' && u.protocol !== 'http:')
      problems.push(`${name} must be an http(s) URL`);
  } catch {
    problems.push(`${name} is not a URL`);
  }
  return raw;
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
  const sandbox = bool(get, 'PAYMENT_SANDBOX', get('NODE_ENV') !== 'production', problems);
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

export function parseSiteConfig(get: Get, problems: string[]): SiteConfig {
  const mirrors: { name: string; url: string }[] = [];
  for (const entry of (get('GITHUB_MIRRORS') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = entry.slice(0, at).trim();
    const url = entry.slice(at + 1).trim();
    if (at <= 0 || !/^https?:\/\//.test(url))
      problems.push(`GITHUB_MIRRORS entry "${entry}" must be name=https://...`);
    else mirrors.push({ name, url });
  }
  const highlight = get('HIGHLIGHT_PRODUCT_ID');
  return {
    downloads: parseJson(get, 'APP_DOWNLOADS', DownloadsEnv, DEFAULT_DOWNLOADS, problems),
    supportEmail: get('SUPPORT_EMAIL') ?? 'support@localhost',
    supportTelegram: get('SUPPORT_TELEGRAM') ?? null,
    groupBuy: {
      enabled: bool(get, 'GROUP_BUY_ENABLED', false, problems),
      startsAt: instant(get, 'GROUP_BUY_STARTS_AT', problems),
      endsAt: instant(get, 'GROUP_BUY_ENDS_AT', problems),
    },
    links: {
      blog: optionalUrl(get, 'BLOG_URL', problems),
      status: optionalUrl(get, 'STATUS_URL', problems),
      announcements: optionalUrl(get, 'ANNOUNCEMENTS_URL', problems),
      githubMirrors: mirrors,
    },
    notices: parseJson(get, 'SITE_NOTICES', NoticesEnv, [], problems),
    features: {
      trial: bool(get, 'FEATURE_TRIAL', true, problems),
      affiliate: bool(get, 'FEATURE_AFFILIATE', true, problems),
      thirdParty: bool(get, 'FEATURE_THIRD_PARTY', true, problems),
      benefits: bool(get, 'FEATURE_BENEFITS', true, problems),
      studentDiscount: bool(get, 'FEATURE_STUDENT_DISCOUNT', false, problems),
    },
    highlightProductId:
      highlight === undefined
        ? null
        : intSetting(get, 'HIGHLIGHT_PRODUCT_ID', 0, 1, 1_000_000, problems),
  };
}
