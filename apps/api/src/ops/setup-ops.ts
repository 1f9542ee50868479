import { existsSync } from 'node:fs';
import { writeAudit } from '../audit/index.ts';
import type { Config } from '../config/env.ts';
import { describePayments } from '../config/payments-check.ts';
import { checkProduction } from '../config/production-check.ts';
import { activePlanCurrencies } from '../plans/index.ts';
import { lastBackupAt } from '../backup/index.ts';
import { openDatabase } from '../db/database.ts';
import { wrongFileModes } from '../files/file-modes.ts';
import { loadPlatformKeys } from '../keys/platform-keys.ts';
import { loadServerSecret } from '../keys/server-secret.ts';
import { OpsUsageError, parseFlags, type SetupCommand } from '../cli/ops-context.ts';

/**
 * The commands that run on the configuration alone, before a database or keys may exist:
 * check, migrate, keys. (prune and the rest run on a server's services: ops/commands.ts.)
 */

const noArguments = (args: string[], name: string) => {
  const { positionals } = parseFlags(args, {}, `pnpm ops ${name}`);
  if (positionals.length > 0) throw new OpsUsageError(`usage: pnpm ops ${name}`);
};

function describeConfig(config: Config) {
  return {
    mode: config.mode,
    listen: `${config.host}:${config.port}`,
    database: config.databaseUrl
      ? `postgres (${new URL(config.databaseUrl).host}${config.databaseSchema ? `, schema ${config.databaseSchema}` : ''})`
      : `sqlite (${config.sqlitePath})`,
    dataDir: config.dataDir,
    keys: Object.fromEntries(
      ['ios', 'android', 'mac', 'windows'].map((p) => [
        p,
        p in config.signingKeys ? 'environment' : `${config.keysDir}/${p}.pem`,
      ]),
    ),
    serverSecret: config.serverSecret ? 'environment' : `${config.dataDir}/server-secret`,
    email: config.smtpUrl ? 'smtp' : config.mode === 'production' ? 'NOT CONFIGURED' : 'dev outbox',
    sms: config.smsWebhookUrl
      ? 'http adapter'
      : config.mode === 'production'
        ? 'NOT CONFIGURED'
        : 'dev outbox',
    corsOrigins: config.corsOrigins,
    apps: config.apps,
  };
}

/** A production service without a backup this recent is warned about. */
const BACKUP_WARN_AFTER_MS = 2 * 24 * 3600_000;

/**
 * What check reads from the database, when it answers (check may run before it exists): the
 * currencies of the active plans, and when the last backup was made.
 */
async function databaseFacts(config: Config) {
  if (config.databaseUrl === undefined && !existsSync(config.sqlitePath)) return undefined;
  const database = openDatabase(config);
  try {
    return {
      currencies: await activePlanCurrencies(database.db),
      lastBackup: await lastBackupAt(database.db, database.dialect),
    };
  } catch {
    return undefined;
  } finally {
    await database.close();
  }
}

function backupWarning(config: Config, lastBackup: number | undefined): string[] {
  if (config.mode !== 'production') return [];
  const now = Date.now();
  if (lastBackup !== undefined && now - lastBackup < BACKUP_WARN_AFTER_MS) return [];
  const last = lastBackup === undefined ? 'never' : new Date(lastBackup).toISOString();
  return [
    `no backup in the last 2 days (last: ${last}): run pnpm ops backup --to=<folder> nightly (docs/production.md section 5)`,
  ];
}

/**
 * check: the configuration as the server reads it (secrets left out) and what it lacks. In
 * production, what would stop the start (exit code 1) and what makes the service wrong for members.
 */
export const checkCommand: SetupCommand = async (args, { config }) => {
  noArguments(args, 'check');
  // Read before the database is opened (opening makes its files private).
  const fileModes = wrongFileModes(config.dataDir);
  // The plans' currencies decide which providers can be offered.
  const facts = await databaseFacts(config);
  const payments = describePayments(config, facts?.currencies);
  const production = checkProduction(config);
  const warnings = [
    ...production.warnings,
    ...(facts === undefined ? [] : backupWarning(config, facts.lastBackup)),
    ...payments.warnings,
    ...fileModes,
  ];
  const json = {
    ...describeConfig(config),
    payments,
    fileModes: fileModes.length > 0 ? fileModes : 'private',
    errors: production.errors,
    warnings,
  };
  return {
    text: [
      JSON.stringify(json, null, 2),
      ...production.errors.map((error) => `error: ${error}`),
      ...warnings.map((warning) => `warning: ${warning}`),
    ].join('\n'),
    json,
    exitCode: production.errors.length > 0 ? 1 : 0,
  };
};

/** migrate: applies the pending database migrations, audited. */
export const migrateCommand: SetupCommand = async (args, { config, actor }) => {
  noArguments(args, 'migrate');
  const database = openDatabase(config);
  try {
    await database.migrate();
    await writeAudit(database.db, {
      actor,
      action: 'ops.migrated',
      subjectType: 'database',
      subjectId: database.dialect,
      data: {},
      at: Date.now(),
    });
    return {
      text: `migrations applied (${database.dialect})`,
      json: { dialect: database.dialect },
    };
  } finally {
    await database.close();
  }
};

/** keys: creates the missing signing keys and the server secret; prints the public keys. */
export const keysCommand: SetupCommand = async (args, { config }) => {
  noArguments(args, 'keys');
  const keys = await loadPlatformKeys(config.keysDir, config.signingKeys);
  await loadServerSecret(config.dataDir, config.serverSecret);
  return { text: JSON.stringify(keys.publicPems, null, 2), json: keys.publicPems };
};
