import { existsSync } from 'node:fs';
import { openDatabase } from './db/database.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { describePayments } from './config/payments-check.ts';
import { loadPlatformKeys } from './keys/platform-keys.ts';
import { loadServerSecret } from './keys/server-secret.ts';
import { wrongFileModes } from './files/file-modes.ts';
import { createServer } from './server.ts';
import { PAYMENT_OPS_COMMANDS, runPaymentOps, UsageError } from './ops/payment-commands.ts';
import { pruneExpired } from './services.ts';
import {
  isOpsCommand,
  OPS_COMMAND_NAMES,
  runOpsCommand,
  type OpsCommandName,
} from './ops/commands.ts';

/**
 * Operator commands (`pnpm ops <command>`), with the same configuration as the server:
 *   check        validate the configuration and print it (secrets left out)
 *   migrate      apply pending database migrations
 *   keys         create missing keys and the server secret; print the public keys
 *   prune        delete expired nonces, rate counters, codes and sessions
 *   refund, promo-create, redeem-create   payments (flags in payments/ops-commands.ts)
 *   plans, coupons, redeem, benefits, nodes, kol, commissions, payout, orders, user, jobs
 *                operations (ops/commands.ts; each prints its usage)
 */
const COMMANDS = ['check', 'migrate', 'keys', 'prune'] as const;
type Command = (typeof COMMANDS)[number];

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

async function run(command: Command, config: Config): Promise<void> {
  switch (command) {
    case 'check': {
      // Read before the database is opened (opening makes its files private).
      const fileModes = wrongFileModes(config.dataDir);
      // The plans' currencies decide which providers can be offered: read them if the database
      // answers (a check may run before the first migration).
      let currencies: string[] | undefined;
      const database =
        config.databaseUrl !== undefined || existsSync(config.sqlitePath)
          ? openDatabase(config)
          : undefined;
      if (database)
        try {
          currencies = (
            await database.db
              .selectFrom('plans')
              .select('currency')
              .where('active', '=', 1)
              .distinct()
              .execute()
          ).map((p) => p.currency);
        } catch {
          currencies = undefined;
        } finally {
          await database.close();
        }
      const payments = describePayments(config, currencies);
      console.warn(
        JSON.stringify(
          {
            ...describeConfig(config),
            payments,
            fileModes: fileModes.length > 0 ? fileModes : 'private',
          },
          null,
          2,
        ),
      );
      for (const warning of [...payments.warnings, ...fileModes])
        console.warn(`warning: ${warning}`);
      return;
    }
    case 'migrate': {
      const database = openDatabase(config);
      try {
        await database.migrate();
        console.warn(`migrations applied (${database.dialect})`);
      } finally {
        await database.close();
      }
      return;
    }
    case 'keys': {
      const keys = await loadPlatformKeys(config.keysDir, config.signingKeys);
      await loadServerSecret(config.dataDir, config.serverSecret);
      process.stdout.write(`${JSON.stringify(keys.publicPems, null, 2)}\n`);
      return;
    }
    case 'prune': {
      const app = await createServer({ ...config, logLevel: 'warn' }, { pruneIntervalMs: 0 });
      try {
        await pruneExpired(app.services, Date.now());
        console.warn('expired rows deleted');
      } finally {
        await app.close();
      }
      return;
    }
  }
}

/** The process side: configuration, a server's services on the database, the command, exit code. */
export async function opsMain(
  name: OpsCommandName,
  argv: string[],
  loadConfig: () => Config,
): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  const app = await createServer(
    { ...config, logLevel: 'warn' },
    { pruneIntervalMs: 0, jobIntervalMs: 0 },
  );
  try {
    const outcome = await runOpsCommand(name, argv, app.services, Date.now());
    process.stdout.write(outcome.stdout);
    process.stderr.write(outcome.stderr);
    return outcome.exitCode;
  } finally {
    await app.close();
  }
}

const command = process.argv[2];
if (isOpsCommand(command))
  process.exit(await opsMain(command, process.argv.slice(3), () => loadConfig()));
const paymentCommand = PAYMENT_OPS_COMMANDS.find((c) => c === command);
if (!COMMANDS.includes(command as Command) && !paymentCommand) {
  console.error(
    `usage: pnpm ops <${[...COMMANDS, ...PAYMENT_OPS_COMMANDS, ...OPS_COMMAND_NAMES].join('|')}>`,
  );
  process.exit(2);
}
try {
  const config = loadConfig();
  if (paymentCommand) {
    const app = await createServer({ ...config, logLevel: 'warn' }, { pruneIntervalMs: 0 });
    try {
      const result = await runPaymentOps(
        paymentCommand,
        process.argv.slice(3),
        app.services,
        Date.now(),
      );
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    } finally {
      await app.close();
    }
  } else {
    await run(command as Command, config);
  }
} catch (error) {
  console.error(
    error instanceof ConfigError || error instanceof UsageError ? error.message : error,
  );
  process.exit(error instanceof UsageError ? 2 : 1);
}
