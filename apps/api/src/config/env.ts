import { parseAlertsConfig, type AlertsConfig } from './alerts-config.ts';
import { parseTelegramConfig, type TelegramConfig } from './telegram-config.ts';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { INVITED_TRIAL_MINUTES_DEFAULT } from '@nimbus/domain';
import { exampleSettings } from './example-settings.ts';
import { parsePaymentsConfig, type PaymentsConfig } from './payments-config.ts';
import { parseSiteConfig, type SiteConfig } from './site-config.ts';
import {
  parseGroupBuyConfig,
  parseJobsConfig,
  type GroupBuyConfig,
  type JobsConfig,
} from './group-buy-config.ts';
import { parseKolConfig, type KolConfig } from './kol-config.ts';
import { intSetting, type Setting } from './settings.ts';

/**
 * The server's whole configuration, read from the environment in this one file (house style:
 * no process.env anywhere else). Every variable, its default and its meaning is listed in
 * README.md; `loadConfig` validates all of them and reports every problem at once.
 */

/** How long a SQLite statement waits for another process's write lock, by default. */
export const SQLITE_LOCK_WAIT_MS_DEFAULT = 5_000;

export type RunMode = 'production' | 'development' | 'test';
export type PlatformKeyName = 'ios' | 'android' | 'mac' | 'windows';
export const PLATFORM_KEY_NAMES: readonly PlatformKeyName[] = ['ios', 'android', 'mac', 'windows'];

export interface Config {
  mode: RunMode;
  /** EXAMPLE_SETTINGS: example values fill what the environment leaves unset (never production). */
  exampleSettings: boolean;
  host: string;
  port: number;
  /** Root of the repository (where pnpm-workspace.yaml is), or the working directory. */
  repoRoot: string;
  dataDir: string;
  /** PostgreSQL when set; SQLite at `sqlitePath` otherwise. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema (search_path) to use instead of the server's default. */
  databaseSchema: string | undefined;
  sqlitePath: string;
  /** How long a SQLite statement waits for another process's write lock before a 503. */
  sqliteLockWaitMs: number;
  keysDir: string;
  /** Private keys (PEM) given by environment; a missing one is generated into keysDir. */
  signingKeys: Partial<Record<PlatformKeyName, string>>;
  /** Server secret given by environment (at least 32 bytes); generated into dataDir otherwise. */
  serverSecret: Buffer | undefined;
  corsOrigins: string[];
  bodyLimitBytes: number;
  /**
   * Server processes sharing the port (Node's cluster): one per core in production, one
   * elsewhere unless WORKERS says otherwise.
   */
  workers: number;
  /**
   * Whether this process runs the scheduled jobs and the pruning: every process but the cluster
   * workers the primary told not to (NIMBUS_RUNS_JOBS=0, set by cluster.ts).
   */
  runsJobs: boolean;
  /** Worker threads per process that open signed calls' RSA blocks; 0 decrypts on the event loop. */
  decryptThreads: number;
  logLevel: string;
  /** JSON lines (production, pipes, log collectors) or human-formatted lines (development). */
  logFormat: 'json' | 'pretty';
  trustProxy: boolean | number;
  invitedTrialMinutes: number;
  /** Devices a trial (free or invited) allows until a plan says otherwise. */
  trialDevicesAllowed: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  publicUrl: string;
  /** Whether PUBLIC_URL was set (else publicUrl is http://localhost:<port>). */
  publicUrlGiven: boolean;
  apps: { marketing: string; account: string; affiliate: string; admin: string };
  cspConnectSrc: string[];
  shutdownTimeoutMs: number;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; unset: open, or off in production. */
  metricsToken: string | undefined;
  /**
   * Orders, providers, promo and referral settings, crypto networks (payments/payments-config.ts).
   */
  payments: PaymentsConfig;
  /**
   * What system_client_config and system_display_config serve, as the environment sets it: the
   * defaults of the run-time settings (src/settings/), which is what the server reads.
   */
  site: SiteConfig;
  /** Group timings (group-buy/group-buy-config.ts); the switch and start time are in `site`. */
  groupBuy: GroupBuyConfig;
  /** KOL holding period (config/kol-config.ts). */
  kol: KolConfig;
  /** Scheduled jobs: group expiry and refunds (jobs/). */
  jobs: JobsConfig;
  /** The Telegram bot (telegram/); off without a token. */
  telegram: TelegramConfig;
  /** Operator alerts in Telegram (alerts/): defaults of the `alerts.*` settings. */
  alerts: AlertsConfig;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    // One line per problem, each naming its variable, what is wrong and what it takes.
    super(problems.map((problem) => `Invalid setting: ${problem}`).join('\n'));
    this.name = 'ConfigError';
  }
}

type Source = Record<string, string | undefined>;

function parseLogFormat(
  raw: string | undefined,
  mode: RunMode,
  stdoutIsTty: boolean,
  problems: string[],
): Config['logFormat'] {
  if (raw === undefined) return mode === 'development' && stdoutIsTty ? 'pretty' : 'json';
  if (raw !== 'json' && raw !== 'pretty') {
    problems.push(`LOG_FORMAT must be json or pretty (got "${raw}")`);
    return 'json';
  }
  if (raw === 'pretty' && mode === 'production') {
    problems.push('LOG_FORMAT=pretty is for development: production logs are JSON lines');
    return 'json';
  }
  return raw;
}

/** Walks up from `start` to the folder holding pnpm-workspace.yaml (the repository root). */
export function findRepoRoot(start: string): string | undefined {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * `stdoutIsTty` decides the default log format: human-formatted lines in development when a
 * person reads the terminal, JSON lines otherwise.
 */
export function loadConfig(
  source: Source = process.env,
  cwd = process.cwd(),
  stdoutIsTty = process.stdout.isTTY === true,
): Config {
  const problems: string[] = [];
  const given: Setting = (name) => {
    const v = source[name]?.trim();
    return v === undefined || v === '' ? undefined : v;
  };
  // EXAMPLE_SETTINGS (root `pnpm start` turns it on outside production): example values under
  // the environment's own, so a first start shows the whole product (example-settings.ts).
  const examplesOn = given('EXAMPLE_SETTINGS') === 'true';
  if (examplesOn && given('NODE_ENV') === 'production')
    problems.push('EXAMPLE_SETTINGS must not be on in production (it shows sample links)');
  const examples = examplesOn ? exampleSettings(Date.now()) : {};
  const str: Setting = (name) => given(name) ?? examples[name];
  const int = (name: string, fallback: number, min: number, max: number): number =>
    intSetting(str, name, fallback, min, max, problems);
  const url = (name: string, protocols: string[]): string | undefined => {
    const raw = str(name);
    if (raw === undefined) return undefined;
    try {
      const u = new URL(raw);
      if (!protocols.includes(u.protocol))
        problems.push(`${name} must use ${protocols.join(' or ')} (got ${u.protocol})`);
    } catch {
      problems.push(`${name} is not a URL`);
    }
    return raw;
  };
  const list = (name: string): string[] =>
    (str(name) ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);

  const modeRaw = str('NODE_ENV') ?? 'development';
  let mode: RunMode = 'development';
  if (modeRaw === 'production' || modeRaw === 'development' || modeRaw === 'test') mode = modeRaw;
  else problems.push(`NODE_ENV must be production, development or test (got "${modeRaw}")`);

  const moduleDir = import.meta.dirname;
  const repoRoot = findRepoRoot(moduleDir) ?? findRepoRoot(cwd) ?? cwd;
  const resolve = (p: string) => path.resolve(repoRoot, p);
  const dataDir = resolve(str('DATA_DIR') ?? 'data');

  const databaseUrl = url('DATABASE_URL', ['postgres:', 'postgresql:']);
  const databaseSchema = str('DATABASE_SCHEMA');
  if (databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }

  const signingKeys: Partial<Record<PlatformKeyName, string>> = {};
  for (const name of PLATFORM_KEY_NAMES) {
    const pem = str(`SIGNING_KEY_${name.toUpperCase()}`);
    if (pem === undefined) continue;
    // Environment files often carry a PEM on one line with literal "\n".
    const text = pem.replaceAll('\\n', '\n');
    if (!text.includes('PRIVATE KEY-----'))
      problems.push(`SIGNING_KEY_${name.toUpperCase()} must be a PEM private key`);
    signingKeys[name] = text;
  }

  let serverSecret: Buffer | undefined;
  const secretRaw = str('SERVER_SECRET');
  if (secretRaw !== undefined) {
    serverSecret =
      /^[0-9a-f]+$/i.test(secretRaw) && secretRaw.length % 2 === 0
        ? Buffer.from(secretRaw, 'hex')
        : Buffer.from(secretRaw, 'base64');
    if (serverSecret.length < 32)
      problems.push('SERVER_SECRET must hold at least 32 bytes (hex or base64)');
  }

  const trustRaw = str('TRUST_PROXY') ?? 'false';
  let trustProxy: boolean | number = false;
  if (trustRaw === 'true') trustProxy = true;
  else if (trustRaw === 'false') trustProxy = false;
  else if (/^\d+$/.test(trustRaw)) trustProxy = Number(trustRaw);
  else problems.push('TRUST_PROXY must be true, false or a number of proxy hops');

  const port = int('PORT', 8080, 0, 65535);
  const workers = int('WORKERS', mode === 'production' ? availableParallelism() : 1, 1, 64);
  const host = str('HOST') ?? 'localhost';
  const publicUrl = (url('PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  const smtpUrl = url('SMTP_URL', ['smtp:', 'smtps:']);
  const smsWebhookUrl = url('SMS_WEBHOOK_URL', ['http:', 'https:']);

  const corsOrigins = list('CORS_ORIGINS');
  for (const origin of corsOrigins) {
    try {
      if (new URL(origin).origin !== origin)
        problems.push(`CORS_ORIGINS entry "${origin}" must be an origin like https://example.com`);
    } catch {
      problems.push(`CORS_ORIGINS entry "${origin}" is not a URL`);
    }
  }

  const metricsToken = str('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,}$/.test(metricsToken))
    problems.push(
      'METRICS_TOKEN must be at least 16 printable characters without spaces: make one with openssl rand -hex 32',
    );

  const config: Config = {
    mode,
    exampleSettings: examplesOn,
    host,
    port,
    repoRoot,
    dataDir,
    databaseUrl,
    databaseSchema,
    sqlitePath: path.resolve(dataDir, str('SQLITE_PATH') ?? 'nimbus.sqlite'),
    sqliteLockWaitMs: int('SQLITE_LOCK_WAIT_MS', SQLITE_LOCK_WAIT_MS_DEFAULT, 0, 60_000),
    keysDir: path.resolve(dataDir, str('KEYS_DIR') ?? 'keys'),
    signingKeys,
    serverSecret,
    corsOrigins,
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    workers,
    runsJobs: str('NIMBUS_RUNS_JOBS') !== '0',
    decryptThreads: int(
      'DECRYPT_THREADS',
      Math.max(1, Math.round(availableParallelism() / workers)),
      0,
      64,
    ),
    logLevel: str('LOG_LEVEL') ?? (mode === 'test' ? 'silent' : 'info'),
    logFormat: parseLogFormat(str('LOG_FORMAT'), mode, stdoutIsTty, problems),
    trustProxy,
    invitedTrialMinutes: int(
      'INVITED_TRIAL_MINUTES',
      INVITED_TRIAL_MINUTES_DEFAULT,
      0,
      60 * 24 * 365,
    ),
    trialDevicesAllowed: int('TRIAL_DEVICES_ALLOWED', 2, 0, 100),
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? 'Nimbus <no-reply@localhost>',
    smsWebhookUrl,
    smsWebhookToken: str('SMS_WEBHOOK_TOKEN'),
    publicUrl,
    publicUrlGiven: str('PUBLIC_URL') !== undefined,
    apps: {
      marketing: resolve(str('MARKETING_DIST') ?? 'apps/marketing/dist'),
      account: resolve(str('ACCOUNT_DIST') ?? 'apps/account/dist'),
      affiliate: resolve(str('AFFILIATE_DIST') ?? 'apps/affiliate/dist'),
      admin: resolve(str('ADMIN_DIST') ?? 'apps/admin/dist'),
    },
    cspConnectSrc: list('CSP_CONNECT_SRC'),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    metricsToken,
    payments: parsePaymentsConfig(str, problems),
    site: parseSiteConfig(str, problems),
    groupBuy: parseGroupBuyConfig(str, problems),
    kol: parseKolConfig(str, problems),
    jobs: parseJobsConfig(str, problems),
    telegram: parseTelegramConfig(str, problems),
    alerts: parseAlertsConfig(str, problems),
  };
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(config.logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
