import type { Setting } from './settings.ts';

/**
 * The card and wallet providers that move real money (Stripe, EPay), parsed from the
 * environment values env.ts hands over (this file never reads process.env). A provider is
 * configured when its required settings are all present; a partial setting is a problem, so a
 * half-configured provider never takes orders. README.md ("Taking payments") lists each variable.
 */

export const CARD_METHODS = ['card', 'alipay', 'wechat', 'paypal'] as const;
export type CardMethod = (typeof CARD_METHODS)[number];

export const STRIPE_METHODS = ['card', 'alipay', 'wechat'] as const;
export type StripeMethod = (typeof STRIPE_METHODS)[number];
export const EPAY_METHODS = ['alipay', 'wechat'] as const;
export type EpayMethod = (typeof EPAY_METHODS)[number];

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  methods: StripeMethod[];
  /** Whether the key is a test-mode key (sk_test_/rk_test_): no money moves. */
  testMode: boolean;
  /**
   * Where the SDK sends API requests instead of api.stripe.com (STRIPE_API_BASE): a local stand-in
   * in tests, stripe-mock or a proxy. Undefined in a normal deployment.
   */
  apiBase: { protocol: 'http' | 'https'; host: string; port: number } | undefined;
}

export interface EpaySettings {
  /** The gateway's base URL (submit.php is under it), without a trailing slash. */
  gatewayUrl: string;
  merchantId: string;
  key: string;
  methods: EpayMethod[];
  /** The currency the gateway charges in: only orders priced in it are offered EPay. */
  currency: string;
}

function methodList<T extends string>(
  get: Setting,
  name: string,
  allowed: readonly T[],
  fallback: string,
  problems: string[],
): T[] {
  const out: T[] = [];
  for (const m of (get(name) ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(allowed as readonly string[]).includes(m))
      problems.push(`${name} entry "${m}" must be one of ${allowed.join(', ')}`);
    else if (!out.includes(m as T)) out.push(m as T);
  }
  return out;
}

/** Names of the settings that are present, of a provider's required ones. */
const present = (get: Setting, names: string[]) => names.filter((n) => get(n) !== undefined);

export function parseStripeSettings(get: Setting, problems: string[]): StripeSettings | undefined {
  const required = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'];
  const given = present(get, required);
  if (given.length === 0) {
    for (const extra of ['STRIPE_METHODS', 'STRIPE_API_BASE'])
      if (get(extra) !== undefined) problems.push(`${extra} is set but STRIPE_SECRET_KEY is not`);
    return undefined;
  }
  if (given.length < required.length) {
    problems.push(
      `Stripe needs ${required.join(' and ')} together (missing ${required.filter((n) => !given.includes(n)).join(', ')})`,
    );
    return undefined;
  }
  const secretKey = get('STRIPE_SECRET_KEY') ?? '';
  const webhookSecret = get('STRIPE_WEBHOOK_SECRET') ?? '';
  if (!/^(sk|rk)_(live|test)_[A-Za-z0-9]{8,}$/.test(secretKey))
    problems.push(
      'STRIPE_SECRET_KEY must be a secret or restricted key (sk_live_..., sk_test_...)',
    );
  if (!/^whsec_[A-Za-z0-9+/=]{8,}$/.test(webhookSecret))
    problems.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_...)");
  const methods = methodList(get, 'STRIPE_METHODS', STRIPE_METHODS, 'card', problems);
  if (methods.length === 0) problems.push('STRIPE_METHODS must name at least one method');
  let apiBase: StripeSettings['apiBase'];
  const base = get('STRIPE_API_BASE');
  if (base !== undefined) {
    try {
      const u = new URL(base);
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.pathname.replace(/\/+$/, ''))
        problems.push('STRIPE_API_BASE must be an http(s) origin such as http://127.0.0.1:12111');
      const protocol = u.protocol === 'http:' ? 'http' : 'https';
      apiBase = {
        protocol,
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: Number(u.port || (protocol === 'http' ? 80 : 443)),
      };
    } catch {
      problems.push('STRIPE_API_BASE is not a URL');
    }
  }
  return {
    secretKey,
    webhookSecret,
    methods,
    testMode: /^(sk|rk)_test_/.test(secretKey),
    apiBase,
  };
}

export function parseEpaySettings(get: Setting, problems: string[]): EpaySettings | undefined {
  const required = ['EPAY_GATEWAY_URL', 'EPAY_MERCHANT_ID', 'EPAY_KEY'];
  const given = present(get, required);
  if (given.length === 0) {
    for (const extra of ['EPAY_METHODS', 'EPAY_CURRENCY'])
      if (get(extra) !== undefined) problems.push(`${extra} is set but EPAY_GATEWAY_URL is not`);
    return undefined;
  }
  if (given.length < required.length) {
    problems.push(
      `EPay needs ${required.join(', ')} together (missing ${required.filter((n) => !given.includes(n)).join(', ')})`,
    );
    return undefined;
  }
  const gatewayUrl = (get('EPAY_GATEWAY_URL') ?? '').replace(/\/+$/, '');
  try {
    const u = new URL(gatewayUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:')
      problems.push('EPAY_GATEWAY_URL must be an http(s) URL');
  } catch {
    problems.push('EPAY_GATEWAY_URL is not a URL');
  }
  const merchantId = get('EPAY_MERCHANT_ID') ?? '';
  if (!/^[A-Za-z0-9]{1,32}$/.test(merchantId))
    problems.push('EPAY_MERCHANT_ID must be the merchant id (pid): letters and digits');
  const key = get('EPAY_KEY') ?? '';
  if (key.length < 16) problems.push('EPAY_KEY must be the merchant key (at least 16 characters)');
  const methods = methodList(get, 'EPAY_METHODS', EPAY_METHODS, 'alipay,wechat', problems);
  if (methods.length === 0) problems.push('EPAY_METHODS must name at least one method');
  const currency = get('EPAY_CURRENCY') ?? 'CNY';
  if (!/^[A-Z]{3}$/.test(currency))
    problems.push('EPAY_CURRENCY must be an ISO 4217 code such as CNY');
  return { gatewayUrl, merchantId, key, methods, currency };
}
