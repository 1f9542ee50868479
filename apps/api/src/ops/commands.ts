import type { OrderServices } from '../orders/index.ts';
import type { Actor } from '../audit/index.ts';
import type { OpsCommand, OpsContext, SetupCommand, SetupContext } from '../cli/ops-context.ts';
import type { OpsOutcome } from './outcome.ts';

/** A command's code, loaded only when it runs (or prints its --help): `pnpm ops help` loads none. */
type Load<C> = () => Promise<{ usage: string; command: C }>;
type Entry =
  | { summary: string; load: Load<OpsCommand<OrderServices>>; setup?: never }
  | { summary: string; setup: Load<SetupCommand>; load?: never };

/**
 * Every operator command of `pnpm ops <command> ...`, once: what it runs on (the configuration
 * alone, before a database may exist, or a server's services, so it goes through the same domain
 * rules and transactions as the API) and the line `pnpm ops help` shows. Each change is audited
 * as 'ops:<os user>'; output is text, or JSON with --json; exit code 2 on a usage error, 1 on a
 * refusal, with the reason on stderr.
 */
export const OPS_COMMANDS = {
  check: {
    summary: 'validate the configuration and print it (no secrets)',
    setup: async () => ({
      usage: 'pnpm ops check',
      command: (await import('./setup-ops.ts')).checkCommand,
    }),
  },
  migrate: {
    summary: 'apply pending database migrations',
    setup: async () => ({
      usage: 'pnpm ops migrate',
      command: (await import('./setup-ops.ts')).migrateCommand,
    }),
  },
  keys: {
    summary: 'create missing keys and the server secret; print public keys',
    setup: async () => ({
      usage: 'pnpm ops keys',
      command: (await import('./setup-ops.ts')).keysCommand,
    }),
  },
  backup: {
    summary: 'back up the database, keys and secret while the server runs (--to=<new folder>)',
    setup: async () => {
      const m = await import('../backup/index.ts');
      return { usage: m.BACKUP_USAGE, command: m.backupCommand };
    },
  },
  restore: {
    summary: 'restore a backup into an empty data folder or database (--from=<folder>)',
    setup: async () => {
      const m = await import('../backup/index.ts');
      return { usage: m.RESTORE_USAGE, command: m.restoreCommand };
    },
  },
  prune: {
    summary: 'delete expired nonces, counters, codes and sessions',
    load: async () => ({
      usage: 'pnpm ops prune',
      command: (await import('./prune-ops.ts')).pruneCommand,
    }),
  },
  plans: {
    summary: 'list, add, update, disable or enable plans',
    load: async () => {
      const m = await import('../plans/index.ts');
      return { usage: m.USAGE, command: m.plansCommand };
    },
  },
  coupons: {
    summary: 'create, list or disable promo codes',
    load: async () => {
      const m = await import('../orders/index.ts');
      return { usage: m.COUPONS_USAGE, command: m.couponsCommand };
    },
  },
  redeem: {
    summary: 'create, list or disable redeem codes',
    load: async () => {
      const m = await import('../membership/index.ts');
      return { usage: m.REDEEM_USAGE, command: m.redeemCommand };
    },
  },
  benefits: {
    summary: "add, list or remove yearly members' shared accounts",
    load: async () => {
      const m = await import('../benefits/index.ts');
      return { usage: m.USAGE, command: m.benefitsCommand };
    },
  },
  nodes: {
    summary: 'add, list, enable, disable VPN nodes; status; rotate tokens',
    load: async () => {
      const m = await import('../nodes/index.ts');
      return { usage: m.NODES_USAGE, command: m.nodesCommand };
    },
  },
  kol: {
    summary: 'mark or unmark a KOL; list KOLs; check the running totals',
    load: async () => {
      const m = await import('../inviters/index.ts');
      return { usage: m.KOL_USAGE, command: m.kolCommand };
    },
  },
  commissions: {
    summary: "KOLs' pending and payable commission",
    load: async () => {
      const m = await import('../inviters/index.ts');
      return { usage: m.COMMISSIONS_USAGE, command: m.commissionsCommand };
    },
  },
  payout: {
    summary: "record a payout of a KOL's payable commission",
    load: async () => {
      const m = await import('../inviters/index.ts');
      return { usage: m.PAYOUT_USAGE, command: m.payoutCommand };
    },
  },
  orders: {
    summary: 'refund an order through its provider',
    load: async () => {
      const m = await import('../orders/index.ts');
      return { usage: m.ORDERS_USAGE, command: m.ordersCommand };
    },
  },
  user: {
    summary: 'show a user; suspend, sign out, grant time, change e-mail or phone',
    load: async () => {
      const m = await import('./users-ops.ts');
      return { usage: m.USAGE, command: m.userCommand };
    },
  },
  jobs: {
    summary: 'run the scheduled jobs once now (expired groups, refunds)',
    load: async () => ({
      usage: 'pnpm ops jobs',
      command: (await import('./jobs-ops.ts')).jobsCommand,
    }),
  },
  settings: {
    summary: 'list, get, set or unset run-time settings',
    load: async () => {
      const m = await import('../settings/console/index.ts');
      return { usage: m.SETTINGS_USAGE, command: m.settingsCommand };
    },
  },
  operators: {
    summary: "create, list, reset or disable the console's operators",
    load: async () => {
      const m = await import('../operators/index.ts');
      return { usage: m.OPERATORS_USAGE, command: m.operatorsCommand };
    },
  },
} satisfies Record<string, Entry>;

type Table = typeof OPS_COMMANDS;
export type OpsCommandName = keyof Table;
/** The commands that run on a server's services (the others need only the configuration). */
export type ServicesCommandName = {
  [K in OpsCommandName]: Table[K] extends { load: unknown } ? K : never;
}[OpsCommandName];
export type SetupCommandName = Exclude<OpsCommandName, ServicesCommandName>;

export const OPS_COMMAND_NAMES = Object.keys(OPS_COMMANDS) as OpsCommandName[];

export const isOpsCommand = (name: string | undefined): name is OpsCommandName =>
  name !== undefined && Object.hasOwn(OPS_COMMANDS, name);

export const needsServices = (name: OpsCommandName): name is ServicesCommandName =>
  'load' in OPS_COMMANDS[name];

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
export async function commandHelp(name: OpsCommandName): Promise<string> {
  const entry: Entry = OPS_COMMANDS[name];
  const { usage } = await (entry.load ?? entry.setup)();
  return `${entry.summary}\n\nusage: ${usage}`;
}

/** What an unknown command (or none) prints on stderr, with exit code 2. */
export function unknownCommand(name: string | undefined): string {
  const renamed = name === undefined ? undefined : RENAMED[name];
  return [
    ...(renamed
      ? [`"${name}" is now: pnpm ops ${renamed}`]
      : name === undefined
        ? []
        : [`pnpm ops: unknown command "${name}"`]),
    `usage: pnpm ops <help|${OPS_COMMAND_NAMES.join('|')}>`,
  ].join('\n');
}

export type { OpsOutcome } from './outcome.ts';

/**
 * Runs one command against the services (a command that needs only the configuration gets
 * theirs); the outcome is what the process prints and its exit code.
 */
export async function runOpsCommand(
  name: OpsCommandName,
  argv: string[],
  services: OrderServices,
  now: number,
  actor?: Actor,
): Promise<OpsOutcome> {
  const by = actor ?? (await import('../cli/ops-context.ts')).operatorActor();
  if (!needsServices(name))
    return runSetupCommand(name, argv, { config: services.config, actor: by });
  const ctx: OpsContext<OrderServices> = { services, now, actor: by };
  const { command } = await OPS_COMMANDS[name].load();
  const { outcomeOf } = await import('./outcome.ts');
  return outcomeOf(argv, (args) => command(args, ctx));
}

/** Runs one command that needs only the configuration. */
export async function runSetupCommand(
  name: SetupCommandName,
  argv: string[],
  ctx: SetupContext,
): Promise<OpsOutcome> {
  const { command } = await OPS_COMMANDS[name].setup();
  const { outcomeOf } = await import('./outcome.ts');
  return outcomeOf(argv, (args) => command(args, ctx));
}
