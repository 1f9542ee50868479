// The layer rules of docs/architecture.md section 1, as import restrictions per folder.
// domain <- api-sdk <- apps; i18n <- apps and the server; ui imports no app and no catalogue;
// the server imports only the contract part of api-sdk; apps never import each other.

const anyApp = {
  group: ['@nimbus/app-*', '@nimbus/app-*/**', '**/apps/**'],
  message: 'Packages and tooling never import an app (docs/architecture.md, layers).',
};
const ourPackages = {
  group: ['@nimbus/*', '@nimbus/*/**'],
  message: '@nimbus/domain is pure: it imports nothing of ours.',
};
const otherApp = (self) => ({
  group: ['@nimbus/app-*', '**/apps/**'],
  message: `Apps never import each other (${self}).`,
});

// The server (apps/api) imports only the contract part of the SDK and renders no React.
const serverPaths = [
  {
    name: '@nimbus/api-sdk',
    message: 'The server imports only @nimbus/api-sdk/contract, never browser code.',
  },
];
const serverPatterns = [
  otherApp('api'),
  {
    group: ['@nimbus/api-sdk/*', '!@nimbus/api-sdk/contract', '!@nimbus/api-sdk/contract/**'],
    message: 'The server imports only @nimbus/api-sdk/contract, never browser code.',
  },
  {
    group: ['@nimbus/ui', '@nimbus/ui/**', 'react', 'react-dom'],
    message: 'The server renders no React.',
  },
];

/**
 * The server's modules (folders and top files of apps/api/src), each above everything it may
 * import: a module imports only modules listed before it, so no import runs back up and no cycle
 * between modules can form (docs/architecture.md, module map). A new dependency that needs a
 * module to move up in this list is a design decision, made here.
 */
export const SERVER_MODULES = [
  // Foundations: private files, errors, configuration, the database, audit, keys, security primitives.
  ['files', 'errors', 'config', 'db', 'types', 'audit', 'keys', 'security'],
  // The account row (accounts/, its lower entry: the account columns and the user lock; the
  // membership and KOL columns have stores above).
  // The Telegram message queue sits below mail/, which queues every member notice to it too.
  ['accounts', 'delivery', 'settings', 'platform', 'telegram', 'mail', 'http', 'cli', 'web'],
  // Outgoing webhooks: membership, orders, accounts and the inviters queue events in their
  // transactions; its console calls need only http/.
  ['webhooks'],
  // A noun's upper entry (a file of its folder): the settings' console calls and ops command,
  // which import http/ and cli/ (docs/architecture.md, noun folders, "two entries").
  ['settings/console'],
  // Nouns the shop and the account centre are made of.
  ['plans', 'benefits', 'devices', 'nodes', 'membership', 'third-party', 'accounts/calls'],
  // The Telegram noun's upper entry: the bot reads subscriptions and nodes (its /sub, /status).
  ['telegram/bot'],
  // The console's operators: accounts, two-factor enrolment, sessions (they sign in through the
  // members' lockout counters, accounts/calls/).
  ['operators'],
  // Operator alerts in Telegram: nodes gone silent (the jobs), payments failing and disputes
  // (orders call it).
  ['alerts'],
  // Scoped API tokens: the console's calls authenticate a program's token through them.
  ['api-tokens'],
  // Orders and what plugs into them as order kinds and hooks.
  ['orders', 'inviters', 'group-buy', 'site', 'jobs'],
  // The operator console's calls and services (pnpm ops runs the same services).
  ['admin'],
  // Watching and keeping the service: metrics read every noun's figures, backups the database.
  ['metrics', 'backup'],
  // Support tickets: the member's calls and the console's queue, acting through the orders'
  // refund and the membership's time grant (the same actions as the console's).
  ['tickets'],
  // Assembly: the services, the handler map, operations, the HTTP app and the entry points.
  ['services.ts', 'handlers.ts', 'ops', 'app.ts', 'server.ts', 'cluster.ts', 'main.ts', 'ops.ts'],
].flat();

/**
 * The server's noun folders (docs/architecture.md, noun folders): a file outside one imports it
 * only through its `index.ts` (the `nimbus/noun-entry` rule). Shared infrastructure (db/, http/,
 * config/, security/, ...) is not listed: it is imported file by file. A folder joins this list
 * when it has been moved to the noun layout (issue #34; "Status of the move").
 */
export const NOUN_FOLDERS = [
  'alerts',
  'api-tokens',
  'plans',
  'benefits',
  'devices',
  'group-buy',
  'metrics',
  'telegram',
  'backup',
  'third-party',
  'tickets',
  'membership',
  'settings',
  'nodes',
  'operators',
  'inviters',
  'orders',
  'webhooks',
  'accounts',
  'audit',
  'mail',
  'site',
];

/**
 * Which store module (or module folder, ending in '/') of apps/api/src reads and writes each
 * table (docs/architecture.md, one owner per table): the `nimbus/table-stores` rule refuses a
 * query naming a table anywhere else, and a table not listed here at all. The users table has
 * several stores, one per group of columns (account, invitations, order counts, membership,
 * traffic quota, KOL flag).
 */
export const TABLE_STORES = {
  users: [
    'accounts/store.ts',
    // Who invited whom (inviter_id, referral_date) and the order counts kept on the row.
    'accounts/invitees-store.ts',
    'accounts/counts-store.ts',
    'membership/membership-store.ts',
    // The traffic quota columns (quota, purchase time, over-quota mark; migration 0047).
    'membership/quota-store.ts',
    'inviters/kol-store.ts',
    // Its drift check recomputes users.paid_orders (kept with the KOL totals) from the orders.
    'inviters/kol-totals-store.ts',
  ],
  user_attribution: ['accounts/store.ts'],
  kol_accounts: ['inviters/kol-store.ts'],
  kol_totals: ['inviters/kol-totals-store.ts'],
  sessions: ['security/sessions.ts', 'metrics/store.ts'],
  verification_codes: ['security/verification-codes.ts'],
  rate_counters: ['security/rate-counter.ts'],
  signature_nonces: ['security/nonce-store.ts'],
  audit_log: ['audit/store.ts'],
  devices: ['devices/store.ts'],
  device_trials: ['membership/trial-store.ts'],
  redeem_codes: ['membership/redeem-code.ts'],
  redeem_redemptions: ['membership/redeem-code.ts'],
  plans: ['plans/store.ts'],
  benefits: ['benefits/store.ts'],
  // metrics/store.ts: read-only counts at scrape time (orders, mail_queue, sessions).
  orders: ['orders/order-store.ts', 'metrics/store.ts'],
  payment_events: ['orders/webhooks.ts'],
  promo_codes: ['orders/promo-codes.ts'],
  promo_redemptions: ['orders/promo-codes.ts'],
  crypto_quotes: ['orders/providers/crypto/crypto-payment.ts'],
  crypto_transactions: ['orders/providers/crypto/crypto-payment.ts'],
  group_buy_refunds: ['orders/refund-queue.ts'],
  invitation_rewards: ['inviters/rewards-store.ts'],
  group_buys: ['group-buy/store.ts'],
  group_buy_members: ['group-buy/store.ts'],
  group_buy_orders: ['group-buy/store.ts'],
  kol_commissions: ['inviters/ledger-store.ts'],
  kol_adjustments: ['inviters/ledger-store.ts'],
  kol_payouts: ['inviters/ledger-store.ts'],
  kol_applications: ['inviters/application-store.ts'],
  kol_wallets: ['inviters/wallet-store.ts'],
  nodes: ['nodes/node-store.ts', 'nodes/example-nodes.ts'],
  member_traffic: ['nodes/traffic-store.ts'],
  node_alive: ['nodes/alive-store.ts'],
  // The node feed reads the links and switches with the member rows in one query.
  third_party_clients: ['third-party/store.ts', 'nodes/feed-rows.ts'],
  subscription_tokens: [
    'third-party/subscription-tokens.ts',
    'nodes/feed-rows.ts',
    'nodes/feed-users.ts',
  ],
  mail_queue: ['mail/mail-store.ts', 'metrics/store.ts'],
  mail_opt_outs: ['mail/opt-out-store.ts'],
  // Judged against the membership columns in one query.
  membership_notices: ['membership/membership-store.ts'],
  traffic_top_ups: ['membership/quota-store.ts'],
  traffic_quota_usage: ['membership/quota-store.ts'],
  traffic_notices: ['membership/quota-store.ts'],
  settings: ['settings/settings-store.ts'],
  operators: ['operators/store.ts'],
  operator_recovery_codes: ['operators/store.ts'],
  operator_sessions: ['operators/sessions.ts'],
  telegram_links: ['telegram/store.ts'],
  telegram_link_codes: ['telegram/store.ts'],
  telegram_queue: ['telegram/store.ts'],
  webhook_endpoints: ['webhooks/endpoint-store.ts'],
  webhook_deliveries: ['webhooks/delivery-store.ts'],
  operator_alerts: ['alerts/store.ts'],
  api_tokens: ['api-tokens/store.ts'],
  tickets: ['tickets/store.ts'],
  ticket_messages: ['tickets/store.ts'],
};

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The rule objects of the server: the base restrictions, and per module the modules above it. */
function serverRules() {
  const base = {
    files: ['apps/api/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': ['error', { paths: serverPaths, patterns: serverPatterns }],
    },
  };
  const perModule = SERVER_MODULES.slice(0, -1).map((module, index) => {
    const above = SERVER_MODULES.slice(index + 1)
      .map(escapeRegex)
      .join('|');
    const isFile = module.endsWith('.ts');
    const nested = module.includes('/');
    return {
      files: isFile ? [`apps/api/src/${module}`] : [`apps/api/src/${module}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: serverPaths,
            patterns: [
              ...serverPatterns,
              {
                // From a top file './x'; from inside a module folder '../x', '../../x'...
                regex: `^${isFile && !nested ? '\\./' : '(\\.\\./)+'}(${above})(/|$)`,
                message: `apps/api/src/${module} imports only modules listed before it in SERVER_MODULES (tooling/eslint/boundaries.js): no upward import, no cycle.`,
              },
            ],
          },
        ],
      },
    };
  });
  const tables = {
    files: ['apps/api/src/**/*.{ts,tsx,js,mjs}'],
    ignores: ['apps/api/src/db/migrations/**'],
    rules: {
      'nimbus/table-stores': ['error', { root: 'apps/api/src', stores: TABLE_STORES }],
      'nimbus/noun-entry': [
        'error',
        {
          root: 'apps/api/src',
          nouns: NOUN_FOLDERS,
          // A noun's upper entry is listed as a module of its own (settings/console/).
          entries: SERVER_MODULES.filter((module) => module.includes('/')),
        },
      ],
    },
  };
  return [base, ...perModule, tables];
}

/** @param {string} app */
const appRules = (app) => ({
  files: [`apps/${app}/**/*.{ts,tsx,js,mjs}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          otherApp(app),
          { group: [`../../${'*'}/src/**`], message: 'Import packages by name, not by path.' },
        ],
      },
    ],
  },
});

export const boundaries = [
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}', 'tooling/**/*.{ts,tsx,js,mjs}'],
    ignores: ['tooling/eslint/fixtures/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyApp] }] },
  },
  {
    files: ['packages/domain/src/**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [anyApp, ourPackages] }] },
  },
  {
    files: ['packages/api-sdk/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyApp,
            {
              group: ['@nimbus/ui', '@nimbus/ui/**'],
              message: 'The SDK does not render: no UI kit.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyApp,
            {
              group: ['@nimbus/i18n', '@nimbus/i18n/**', '@nimbus/api-sdk', '@nimbus/api-sdk/**'],
              message: 'The UI kit takes texts as props and talks to no API.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/i18n/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyApp,
            {
              group: ['@nimbus/ui', '@nimbus/ui/**', '@nimbus/api-sdk', '@nimbus/api-sdk/**'],
              message: 'i18n holds texts only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app wiring the three apps share: it builds on domain, the SDK, the catalogues and the
    // UI kit, and never on an app (nor on test tooling).
    files: ['packages/web/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyApp,
            {
              group: [
                '@nimbus/*',
                '@nimbus/*/**',
                '!@nimbus/domain',
                '!@nimbus/domain/**',
                '!@nimbus/api-sdk',
                '!@nimbus/api-sdk/**',
                '!@nimbus/i18n',
                '!@nimbus/i18n/**',
                '!@nimbus/ui',
                '!@nimbus/ui/**',
                '!@nimbus/web',
                '!@nimbus/web/**',
                '!@nimbus/vitest-config',
                '!@nimbus/eslint-config',
              ],
              message: '@nimbus/web imports only domain, api-sdk, i18n and ui of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // The build side of the apps: it reaches an app's code only through the app's SSR entry,
    // built and imported at build time, so a build helper never ships in (or drags in) runtime code.
    files: ['tooling/vite/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            anyApp,
            {
              group: [
                '@nimbus/*',
                '@nimbus/*/**',
                '!@nimbus/vitest-config',
                '!@nimbus/eslint-config',
                '!@nimbus/tsconfig',
              ],
              message: '@nimbus/vite-config imports no package of ours (build-time code only).',
            },
          ],
        },
      ],
    },
  },
  ...['marketing', 'account', 'affiliate', 'admin'].map(appRules),
  ...serverRules(),
];
