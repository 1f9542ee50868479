import { writeAudit } from '../audit/audit.ts';
import { Refusal } from '../errors/refusal.ts';
import { failure } from '../http/envelope.ts';
import type { OrderServices } from '../orders/order-services.ts';
import { pruneExpired } from '../services.ts';
import { benefitsCommand, USAGE as BENEFITS_USAGE } from '../benefits/index.ts';
import { couponsCommand, USAGE as COUPONS_USAGE } from './coupons-ops.ts';
import { jobsCommand } from './jobs-ops.ts';
import {
  commissionsCommand,
  COMMISSIONS_USAGE,
  kolCommand,
  KOL_USAGE,
  payoutCommand,
  PAYOUT_USAGE,
} from './kol-ops.ts';
import { nodesCommand, USAGE as NODES_USAGE } from './nodes-ops.ts';
import {
  operatorActor,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
  type SetupCommand,
  type SetupContext,
} from '../cli/ops-context.ts';
import { operatorsCommand, USAGE as OPERATORS_USAGE } from './operators-ops.ts';
import { ordersCommand, USAGE as ORDERS_USAGE } from './orders-ops.ts';
import { plansCommand, USAGE as PLANS_USAGE } from '../plans/index.ts';
import { redeemCommand, USAGE as REDEEM_USAGE } from './redeem-ops.ts';
import { settingsCommand, USAGE as SETTINGS_USAGE } from './settings-ops.ts';
import { checkCommand, keysCommand, migrateCommand } from './setup-ops.ts';
import { userCommand, USAGE as USER_USAGE } from './users-ops.ts';

/** prune: deletes rows that can no longer matter and closes what is past its time, audited. */
const pruneCommand: OpsCommand<OrderServices> = async (args, ctx) => {
  const { positionals } = parseFlags(args, {}, 'pnpm ops prune');
  if (positionals.length > 0) throw new OpsUsageError('usage: pnpm ops prune');
  await pruneExpired(ctx.services, ctx.now);
  await writeAudit(ctx.services.db, {
    actor: ctx.actor,
    action: 'ops.pruned',
    subjectType: 'database',
    subjectId: ctx.services.dialect,
    data: {},
    at: ctx.now,
  });
  return { text: 'expired rows deleted', json: { pruned: true } };
};

/**
 * Every operator command of `pnpm ops <command> ...`, once: what it runs on (the configuration
 * alone, before a database may exist, or a server's services, so it goes through the same domain
 * rules and transactions as the API) and the line `pnpm ops help` shows. Each change is audited
 * as 'ops:<os user>'; output is text, or JSON with --json; exit code 2 on a usage error, 1 on a
 * refusal, with the reason on stderr.
 */
export const OPS_COMMANDS = {
  check: {
    usage: 'pnpm ops check',
    setup: checkCommand,
    summary: 'validate the configuration and print it (no secrets)',
  },
  migrate: {
    usage: 'pnpm ops migrate',
    setup: migrateCommand,
    summary: 'apply pending database migrations',
  },
  keys: {
    usage: 'pnpm ops keys',
    setup: keysCommand,
    summary: 'create missing keys and the server secret; print public keys',
  },
  prune: {
    usage: 'pnpm ops prune',
    run: pruneCommand,
    summary: 'delete expired nonces, counters, codes and sessions',
  },
  plans: {
    usage: PLANS_USAGE,
    run: plansCommand,
    summary: 'list, add, update, disable or enable plans',
  },
  coupons: {
    usage: COUPONS_USAGE,
    run: couponsCommand,
    summary: 'create, list or disable promo codes',
  },
  redeem: {
    usage: REDEEM_USAGE,
    run: redeemCommand,
    summary: 'create, list or disable redeem codes',
  },
  benefits: {
    usage: BENEFITS_USAGE,
    run: benefitsCommand,
    summary: "add, list or remove yearly members' shared accounts",
  },
  nodes: {
    usage: NODES_USAGE,
    run: nodesCommand,
    summary: 'add, list, enable, disable VPN nodes; status; rotate tokens',
  },
  kol: {
    usage: KOL_USAGE,
    run: kolCommand,
    summary: 'mark or unmark a KOL; list KOLs; check the running totals',
  },
  commissions: {
    usage: COMMISSIONS_USAGE,
    run: commissionsCommand,
    summary: "KOLs' pending and payable commission",
  },
  payout: {
    usage: PAYOUT_USAGE,
    run: payoutCommand,
    summary: "record a payout of a KOL's payable commission",
  },
  orders: {
    usage: ORDERS_USAGE,
    run: ordersCommand,
    summary: 'refund an order through its provider',
  },
  user: {
    usage: USER_USAGE,
    run: userCommand,
    summary: 'show a user; suspend, sign out, grant time, change e-mail or phone',
  },
  jobs: {
    usage: 'pnpm ops jobs',
    run: jobsCommand,
    summary: 'run the scheduled jobs once now (expired groups, refunds)',
  },
  settings: {
    usage: SETTINGS_USAGE,
    run: settingsCommand,
    summary: 'list, get, set or unset run-time settings',
  },
  operators: {
    usage: OPERATORS_USAGE,
    run: operatorsCommand,
    summary: "create, list, reset or disable the console's operators",
  },
} satisfies Record<
  string,
  { summary: string; usage: string } & (
    { run: OpsCommand<OrderServices> } | { setup: SetupCommand }
  )
>;

type Table = typeof OPS_COMMANDS;
export type OpsCommandName = keyof Table;
/** The commands that run on a server's services (the others need only the configuration). */
export type ServicesCommandName = {
  [K in OpsCommandName]: Table[K] extends { run: OpsCommand<OrderServices> } ? K : never;
}[OpsCommandName];
export type SetupCommandName = Exclude<OpsCommandName, ServicesCommandName>;

export const OPS_COMMAND_NAMES = Object.keys(OPS_COMMANDS) as OpsCommandName[];

export const isOpsCommand = (name: string | undefined): name is OpsCommandName =>
  name !== undefined && Object.hasOwn(OPS_COMMANDS, name);

export const needsServices = (name: OpsCommandName): name is ServicesCommandName =>
  'run' in OPS_COMMANDS[name];

/** Commands that were renamed: an operator typing the old name is told the new one. */
const RENAMED: Record<string, string> = {
  refund: 'orders refund <orderId>',
  'promo-create': 'coupons create --code=X (--percent=N | --amount=5.00)',
  'redeem-create': 'redeem create --type=standard|lite --days=N',
};

/** `pnpm ops help`: every command with what it does. */
export function helpText(): string {
  const width = Math.max(...OPS_COMMAND_NAMES.map((n) => n.length));
  return [
    'usage: pnpm ops <command> [arguments] [--json]',
    '',
    ...OPS_COMMAND_NAMES.map((n) => `  ${n.padEnd(width)}  ${OPS_COMMANDS[n].summary}`),
    `  ${'help'.padEnd(width)}  this list`,
    '',
    'pnpm ops <command> --help prints its arguments. Exit code 2: usage, 1: refused.',
  ].join('\n');
}

/** `pnpm ops <command> --help`: the command's arguments and options. */
export function commandHelp(name: OpsCommandName): string {
  return `${OPS_COMMANDS[name].summary}\n\nusage: ${OPS_COMMANDS[name].usage}`;
}

/** What an unknown command (or none) prints on stderr, with exit code 2. */
export function unknownCommand(name: string | undefined): string {
  const renamed = name === undefined ? undefined : RENAMED[name];
  return [
    ...(renamed ? [`"${name}" is now: pnpm ops ${renamed}`] : []),
    `usage: pnpm ops <help|${OPS_COMMAND_NAMES.join('|')}>`,
  ].join('\n');
}

export interface OpsOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

async function outcomeOf(argv: string[], run: (args: string[]) => Promise<OpsResult>) {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  try {
    const result = await run(args);
    return {
      exitCode: 0,
      stdout: `${json ? JSON.stringify(result.json, null, 2) : result.text}\n`,
      stderr: '',
    };
  } catch (error) {
    // A service's refusal is told in English, as the API would tell it, and exits 1.
    const message =
      error instanceof Refusal
        ? failure('en', error.entry, error.options).msg
        : error instanceof OpsUsageError || error instanceof OpsRefusal
          ? error.message
          : undefined;
    if (message === undefined) throw error;
    const kind = error instanceof OpsUsageError ? 'usage' : 'refused';
    return {
      exitCode: kind === 'usage' ? 2 : 1,
      stdout: json ? `${JSON.stringify({ error: { kind, message } }, null, 2)}\n` : '',
      stderr: `${message}\n`,
    };
  }
}

/**
 * Runs one command against the services (a command that needs only the configuration gets
 * theirs); the outcome is what the process prints and its exit code.
 */
export async function runOpsCommand(
  name: OpsCommandName,
  argv: string[],
  services: OrderServices,
  now: number,
  actor = operatorActor(),
): Promise<OpsOutcome> {
  if (!needsServices(name)) return runSetupCommand(name, argv, { config: services.config, actor });
  const ctx: OpsContext<OrderServices> = { services, now, actor };
  return outcomeOf(argv, (args) => OPS_COMMANDS[name].run(args, ctx));
}

/** Runs one command that needs only the configuration. */
export async function runSetupCommand(
  name: SetupCommandName,
  argv: string[],
  ctx: SetupContext,
): Promise<OpsOutcome> {
  return outcomeOf(argv, (args) => OPS_COMMANDS[name].setup(args, ctx));
}
