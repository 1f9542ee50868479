import type { Config } from './env.ts';

/**
 * What makes a production server wrong for real members, in two kinds: `errors` stop the start
 * (main.ts) and fail `pnpm ops check`; `warnings` are logged at every start and listed by
 * `pnpm ops check`. Each is one line: the setting, what is wrong, what to do. Outside
 * production there are none. (Settings that cannot load at all are refused by loadConfig.)
 */
export interface ProductionCheck {
  errors: string[];
  warnings: string[];
}

/** Passwords and tokens nobody should run with. */
const WELL_KNOWN = new Set([
  '',
  'postgres',
  'password',
  'secret',
  'nimbus',
  'changeme',
  'change-me',
  'admin',
  'root',
  'example',
  '123456',
]);

/** A random secret of 32 bytes has about 30 distinct byte values; one typed by hand has few. */
const looksHandMade = (secret: Buffer) => new Set(secret).size < 16;

const atLocalhost = (address: string) => /@localhost>?$/i.test(address.trim());

export function checkProduction(config: Config): ProductionCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (config.mode !== 'production') return { errors, warnings };

  if (!config.publicUrlGiven)
    errors.push(
      `PUBLIC_URL is not set: links in e-mails and payment returns would point at ${config.publicUrl}; set PUBLIC_URL=https://<your domain>`,
    );
  else if (!config.publicUrl.startsWith('https://'))
    warnings.push(
      `PUBLIC_URL is ${config.publicUrl}, not https: sign-in links and tokens travel in clear; serve it over TLS (docs/production.md) and set PUBLIC_URL=https://...`,
    );
  if (config.serverSecret !== undefined && looksHandMade(config.serverSecret))
    errors.push(
      'SERVER_SECRET is not random (fewer than 16 distinct bytes): anyone who guesses it can forge device ids and links; set one made by openssl rand -hex 32',
    );
  if (config.metricsToken !== undefined && new Set(config.metricsToken).size < 8)
    warnings.push(
      'METRICS_TOKEN is not random (fewer than 8 distinct characters): make one with openssl rand -hex 32',
    );
  if (config.databaseUrl !== undefined) {
    const password = decodeURIComponent(new URL(config.databaseUrl).password);
    if (WELL_KNOWN.has(password.toLowerCase()))
      warnings.push(
        `DATABASE_URL has ${password === '' ? 'no password' : 'a well-known password'}: give the database user a random one (openssl rand -hex 24)`,
      );
  }
  if (config.smtpUrl === undefined)
    warnings.push(
      'SMTP_URL is not set: e-mail codes and notices cannot be sent (asking for a code answers 503); set SMTP_URL=smtps://user:pass@host:465',
    );
  else if (atLocalhost(config.mailFrom))
    warnings.push(
      `MAIL_FROM is ${config.mailFrom}: mail from localhost is refused or marked as spam; set MAIL_FROM="Nimbus <no-reply@your domain>"`,
    );
  if (config.smsWebhookUrl === undefined)
    warnings.push(
      'SMS_WEBHOOK_URL is not set: phone codes cannot be sent (asking for one answers 503); set it to your SMS adapter, or offer e-mail only',
    );
  if (atLocalhost(config.site.supportEmail))
    warnings.push(
      `SUPPORT_EMAIL is ${config.site.supportEmail}: members are shown an address that reaches nobody; set SUPPORT_EMAIL`,
    );
  if (config.metricsToken === undefined)
    warnings.push(
      'METRICS_TOKEN is not set: GET /metrics is off, nothing watches this server; set METRICS_TOKEN (openssl rand -hex 32) and scrape it (docs/production.md section 6)',
    );
  if (config.databaseUrl === undefined && config.workers > 1)
    warnings.push(
      `SQLite with WORKERS=${config.workers}: every write waits for one file lock shared by ${config.workers} processes; fine for a small service, use PostgreSQL (DATABASE_URL) to grow or to run several machines`,
    );
  if (
    config.trustProxy === false &&
    config.publicUrl.startsWith('https://') &&
    ['localhost', '127.0.0.1', '::1'].includes(config.host)
  )
    warnings.push(
      'TRUST_PROXY is off but the server listens on loopback behind an https PUBLIC_URL (a proxy): every client shares the proxy address for rate limits; set TRUST_PROXY=1',
    );
  if (config.logLevel === 'debug' || config.logLevel === 'trace')
    warnings.push(
      `LOG_LEVEL=${config.logLevel} in production: logs grow fast and hold request details; use info`,
    );
  return { errors, warnings };
}
