/**
 * Every environment variable the server reads (config/env.ts and the parsers it calls), with its
 * default and meaning: the source of the repository's `.env.example`
 * (`pnpm --filter @nimbus/app-api env-example` writes it; test/env-example.test.ts fails when the
 * file drifts from this list, or this list from what `loadConfig` reads). apps/api/README.md says
 * the same at more length.
 */
export interface EnvVar {
  /** Variables documented together (e.g. the four signing keys). */
  names: readonly string[];
  /** The value that equals leaving it unset, when one literal value does. */
  value?: string;
  /** The default in words. */
  default: string;
  about: string;
}

/** Read by the server but set by the server itself (cluster.ts), never by an operator. */
export const INTERNAL_ENV = ['NIMBUS_RUNS_JOBS'] as const;

export const ENV_VARS: readonly EnvVar[] = [
  {
    names: ['NODE_ENV'],
    value: 'development',
    default: 'development',
    about:
      'production removes /dev/outbox, never logs codes (a channel without a provider answers 503), sends HSTS, and hides which app is not built',
  },
  {
    names: ['HOST'],
    value: 'localhost',
    default: 'localhost',
    about: 'address to listen on (loopback only by default)',
  },
  {
    names: ['PORT'],
    value: '8080',
    default: '8080',
    about: 'port (0 picks a free one)',
  },
  {
    names: ['DATA_DIR'],
    default: 'data, in the repository root (or the release folder)',
    about:
      'data folder: the database, keys and server secret (relative paths are from the repository root, or the release folder)',
  },
  {
    names: ['SQLITE_PATH'],
    value: 'nimbus.sqlite',
    default: 'nimbus.sqlite',
    about: 'SQLite file, relative to DATA_DIR',
  },
  {
    names: ['KEYS_DIR'],
    value: 'keys',
    default: 'keys',
    about: 'key folder, relative to DATA_DIR',
  },
  {
    names: ['DATABASE_URL'],
    default: 'unset',
    about: 'postgres://...: use PostgreSQL instead of SQLite',
  },
  {
    names: ['DATABASE_SCHEMA'],
    default: 'unset',
    about: 'PostgreSQL schema (search_path) to use',
  },
  {
    names: ['SIGNING_KEY_IOS', 'SIGNING_KEY_ANDROID', 'SIGNING_KEY_MAC', 'SIGNING_KEY_WINDOWS'],
    default: 'unset',
    about:
      'PEM private keys (RSA >= 2048; \\n may be written literally); each one set replaces its file',
  },
  {
    names: ['SERVER_SECRET'],
    default: 'unset',
    about: '>= 32 bytes, hex or base64; replaces DATA_DIR/server-secret',
  },
  {
    names: ['CORS_ORIGINS'],
    default: 'empty',
    about:
      'comma-separated origins (https://app.example.com) allowed to call the API from another origin; the one-origin default needs none',
  },
  {
    names: ['CSP_CONNECT_SRC'],
    default: 'empty',
    about: 'extra connect-src sources for the pages (wallet RPC endpoints)',
  },
  {
    names: ['BODY_LIMIT_BYTES'],
    value: '65536',
    default: '65536',
    about: 'largest request body; larger is 413',
  },
  {
    names: ['WORKERS'],
    default: 'the cores in production, else 1',
    about:
      "server processes sharing the port (Node's cluster); one runs the scheduled jobs, the database keeps sessions, nonces, limits and claims right across them; a dead worker is replaced",
  },
  {
    names: ['DECRYPT_THREADS'],
    default: 'the cores divided by WORKERS',
    about:
      'worker threads per process that decrypt signed calls (RSA-OAEP) off the event loop; 0 decrypts on it',
  },
  {
    names: ['TRUST_PROXY'],
    value: 'false',
    default: 'false',
    about:
      'true, or the number of proxies in front, to take the client IP from X-Forwarded-For (rate limits are per IP)',
  },
  {
    names: ['LOG_LEVEL'],
    default: 'info (silent in tests)',
    about: 'pino level',
  },
  {
    names: ['LOG_FORMAT'],
    default: 'pretty in development on a terminal, else json',
    about:
      "pretty: one human-formatted line per entry (pino-pretty; refused in production); json: pino's JSON lines",
  },
  {
    names: ['INVITED_TRIAL_MINUTES'],
    default: '180 (domain INVITED_TRIAL_MINUTES_DEFAULT)',
    about:
      'trial of a friend who registers with an invite code and a verified e-mail or phone (setting trial.invitedMinutes)',
  },
  {
    names: ['TRIAL_DEVICES_ALLOWED'],
    value: '2',
    default: '2',
    about: 'devices a trial allows until a plan sets its own number',
  },
  {
    names: ['SMTP_URL'],
    default: 'unset',
    about: 'smtp://user:pass@host:587 or smtps://...:465; e-mail codes go through it',
  },
  {
    names: ['MAIL_FROM'],
    value: 'Nimbus <no-reply@localhost>',
    default: 'Nimbus <no-reply@localhost>',
    about: 'sender of code e-mails',
  },
  {
    names: ['SMS_WEBHOOK_URL'],
    default: 'unset',
    about:
      'SMS adapter: each message is POSTed as JSON { to, text, purpose, language }; non-2xx is a failure',
  },
  {
    names: ['SMS_WEBHOOK_TOKEN'],
    default: 'unset',
    about: 'sent as Authorization: Bearer <token> to the SMS adapter',
  },
  {
    names: ['PUBLIC_URL'],
    default: 'http://localhost:<PORT>',
    about:
      "the public origin, for links in messages and the sandbox checkout URL; outside production a purchase made at another of the server's own addresses (http://127.0.0.1:PORT, a LAN address it listens on) gets its sandbox checkout on that origin, and the start logs the URL to open (src/http/request-origin.ts: the Host header counts only when it names the address and port the connection arrived at, or localhost on loopback)",
  },
  {
    names: ['MARKETING_DIST', 'ACCOUNT_DIST', 'AFFILIATE_DIST', 'ADMIN_DIST'],
    default: 'apps/<app>/dist',
    about: 'the built apps to serve (ADMIN_DIST: the operator console at /admin)',
  },
  {
    names: ['METRICS_TOKEN'],
    default: 'unset',
    about:
      'bearer token GET /metrics (Prometheus text) asks for (Authorization: Bearer <token>; at least 16 characters, e.g. openssl rand -hex 32); unset: /metrics is open outside production and off in production',
  },
  {
    names: ['SHUTDOWN_TIMEOUT_MS'],
    value: '10000',
    default: '10000',
    about: 'after SIGTERM/SIGINT, exit anyway after this long',
  },
  {
    names: ['SQLITE_LOCK_WAIT_MS'],
    value: '5000',
    default: '5000',
    about:
      "how long a SQLite statement waits for another process's write lock (a second server, pnpm ops) before its request is answered 503 with Retry-After: 1; the wait is on a timer, never blocking other requests",
  },
  {
    names: ['PAYMENT_SANDBOX'],
    default: 'true, false in production',
    about:
      'the sandbox checkout takes card/wallet payments (no money moves); off in production unless set, so card methods are offered only with a real provider',
  },
  {
    names: ['PAYMENT_SANDBOX_IN_PRODUCTION'],
    value: 'false',
    default: 'false',
    about:
      'must be true as well for a production server to start with PAYMENT_SANDBOX=true (anyone can then take membership for free: a staging copy only); such a server warns at every start and in pnpm ops check',
  },
  {
    names: ['PAYMENT_METHODS'],
    value: 'card,paypal',
    default: 'card,paypal',
    about:
      'card/wallet methods the sandbox checkout takes (card, alipay, wechat, paypal) when no real provider takes them; crypto is added when crypto is configured',
  },
  {
    names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
    default: 'unset',
    about:
      'Stripe: a secret or restricted key (sk_live_…, sk_test_…) and the webhook endpoint\'s signing secret (whsec_…), together (see "Taking payments")',
  },
  {
    names: ['STRIPE_METHODS'],
    value: 'card',
    default: 'card',
    about: 'what Stripe takes: card, alipay, wechat',
  },
  {
    names: ['STRIPE_API_BASE'],
    default: 'unset',
    about:
      'an origin the SDK sends API requests to instead of api.stripe.com (tests, stripe-mock); never in production',
  },
  {
    names: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_BOT_USERNAME'],
    default: 'unset (no bot)',
    about:
      'the Telegram bot: its @BotFather token and username, together; members link their account and get notices there',
  },
  {
    names: ['ALERTS_TELEGRAM_CHAT'],
    default: 'unset (no operator alerts)',
    about:
      'the Telegram chat operators get alerts in: a group id (-1001234567890) or @channel the bot is in (setting alerts.telegramChat; needs the bot)',
  },
  {
    names: ['ALERTS_LANGUAGE'],
    value: 'zh-CN',
    default: 'zh-CN',
    about: 'the language of operator alerts: en or zh-CN (setting alerts.language)',
  },
  {
    names: ['ALERTS_NODE_OFFLINE_MINUTES'],
    value: '10',
    default: '10',
    about:
      'a node that has not reported for this many minutes is offline and alerted once (0: no node alerts; setting alerts.nodeOfflineMinutes)',
  },
  {
    names: ['ALERTS_PAYMENTS', 'ALERTS_DISPUTES'],
    value: 'true',
    default: 'true',
    about:
      'alert when a payment provider fails to open checkouts or refund, and when a buyer disputes a payment (settings alerts.payments, alerts.disputes)',
  },
  {
    names: ['TELEGRAM_API_ROOT'],
    value: 'https://api.telegram.org',
    default: 'https://api.telegram.org',
    about:
      'where the Bot API is reached (a self-hosted telegram-bot-api server, or a test stand-in)',
  },
  {
    names: ['EPAY_GATEWAY_URL', 'EPAY_MERCHANT_ID', 'EPAY_KEY'],
    default: 'unset',
    about:
      'an EPay (易支付) gateway: its base URL (submit.php is under it), merchant id (pid) and key, together',
  },
  {
    names: ['EPAY_METHODS'],
    value: 'alipay,wechat',
    default: 'alipay,wechat',
    about: 'what the EPay gateway takes: alipay, wechat',
  },
  {
    names: ['EPAY_CURRENCY'],
    value: 'CNY',
    default: 'CNY',
    about: 'the currency the gateway charges: only plans priced in it are offered EPay',
  },
  {
    names: ['ORDER_EXPIRY_MINUTES'],
    value: '60',
    default: '60',
    about: 'a pending order expires after this long (a late payment still counts)',
  },
  {
    names: ['PROMO_HOLD_MINUTES'],
    default: '15 (domain PROMO_HOLD_MINUTES_DEFAULT)',
    about:
      'the checkout window of an order with a promo code: its use is held this long, then released, and the order expires with it (setting payments.promoHoldMinutes; a change applies to orders made after it, an open order keeps its own window)',
  },
  {
    names: ['PAYMENT_NOT_DETECTED_MINUTES'],
    value: '15',
    default: '15',
    about: 'a pending order older than this is "payment not detected" (contact support)',
  },
  {
    names: ['LITE_UPGRADE_CONVERSION_PERCENT'],
    value: '50',
    default: '50',
    about: 'share of remaining Lite time that becomes Standard time on upgrade',
  },
  {
    names: ['REFERRAL_BONUS_PERCENT'],
    value: '10',
    default: '10',
    about: "inviter's bonus: this % of a friend's first paid purchase's duration",
  },
  {
    names: ['CHECKOUT_RETURN_URL'],
    value: '/purchased',
    default: '/purchased',
    about: 'where a checkout (sandbox, Stripe, EPay) sends the buyer back (?orderId= is added)',
  },
  {
    names: ['CRYPTO_NETWORKS'],
    default: 'unset',
    about:
      'JSON [{ chainId, name, rpcUrl, confirmations, explorerUrl?, tokens: [{ symbol, address | null, decimals, usdPriceMinor? }] }]; a native coin (address: null) needs usdPriceMinor (price of one coin in US cents), tokens without it are dollar stablecoins',
  },
  {
    names: ['CRYPTO_RECIPIENT'],
    default: 'unset',
    about: 'EVM address that receives crypto payments (required with CRYPTO_NETWORKS)',
  },
  {
    names: ['APP_DOWNLOADS'],
    default: 'version 1.0.0, no links',
    about:
      'JSON [{ platform: ios|android|mac|windows, version, storeUrl, packageUrl, minSystem, releasedAt }] for the download pages (http(s) links)',
  },
  {
    names: ['SUPPORT_EMAIL', 'SUPPORT_TELEGRAM'],
    default: 'support@localhost, unset',
    about: 'support contacts in the client config',
  },
  {
    names: ['EXAMPLE_SETTINGS'],
    default: 'false (root pnpm start: true outside production)',
    about:
      'example values (src/config/example-settings.ts) for the site settings the environment leaves unset: group buying open around today, download links, More-menu links, student discount, a notice saying they are examples; refused with NODE_ENV=production',
  },
  {
    names: ['GROUP_BUY_ENABLED', 'GROUP_BUY_STARTS_AT', 'GROUP_BUY_ENDS_AT'],
    default: 'false, unset, unset',
    about: 'the group-buy switch and its window (UTC ms or ISO date-time with a zone)',
  },
  {
    names: ['GROUP_BUY_DURATION_HOURS'],
    default: '24 (domain GROUP_BUY_DURATION_HOURS_DEFAULT)',
    about: 'how long a new group stays open for friends',
  },
  {
    names: ['GROUP_BUY_SEAT_HOLD_MINUTES'],
    value: '15',
    default: '15',
    about: "how long a pay-self friend's seat is held while their share is unpaid",
  },
  {
    names: ['KOL_HOLDING_DAYS'],
    default: '30 (domain KOL_HOLDING_PERIOD_DAYS_DEFAULT)',
    about: 'days a KOL commission is held (the refund window) before it is payable',
  },
  {
    names: ['KOL_AUTO_APPROVE'],
    value: 'false',
    default: 'false',
    about:
      'default of the setting kol.autoApprove: applications to the KOL programme are approved at once',
  },
  {
    names: ['KOL_DEFAULT_RATE'],
    value: '25',
    default: '25',
    about:
      'default of the setting kol.defaultRatePercent: first-purchase rate (25-100) of an approved application',
  },
  {
    names: ['JOBS_INTERVAL_SECONDS'],
    value: '60',
    default: '60',
    about:
      'how often each process runs the scheduled jobs (expired groups, refunds due); 0 turns them off in that process',
  },
  {
    names: ['BLOG_URL', 'STATUS_URL', 'ANNOUNCEMENTS_URL'],
    default: 'unset',
    about: 'header and footer links',
  },
  {
    names: ['GITHUB_MIRRORS'],
    default: 'empty',
    about: 'name=https://...,name=https://...',
  },
  {
    names: ['SITE_NOTICES'],
    value: '[]',
    default: '[]',
    about:
      'JSON notices [{ id, level: info|warning, text: { en, zh-CN }, link, startsAt, endsAt }] for the display config (at most 20; id letters, digits, ., -, _; link a path /... or an http(s) URL; texts 1-500 characters)',
  },
  {
    names: [
      'FEATURE_TRIAL',
      'FEATURE_CRYPTO_PAY',
      'FEATURE_AFFILIATE',
      'FEATURE_THIRD_PARTY',
      'FEATURE_BENEFITS',
      'FEATURE_REDEEM',
      'FEATURE_STUDENT_DISCOUNT',
    ],
    default: 'true (student discount false)',
    about: "feature switches of the display config (group buying's is GROUP_BUY_ENABLED)",
  },
  {
    names: ['HIGHLIGHT_PRODUCT_ID'],
    default: 'the recommended plan',
    about:
      'plan the pricing page highlights (a plan not on sale falls back to the recommended one)',
  },
];
