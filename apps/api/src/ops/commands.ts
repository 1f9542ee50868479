import type { OrderServices } from '../orders/order-services.ts';
import { benefitsCommand } from './benefits-ops.ts';
import { couponsCommand } from './coupons-ops.ts';
import { jobsCommand } from './jobs-ops.ts';
import { commissionsCommand, kolCommand, payoutCommand } from './kol-ops.ts';
import { nodesCommand } from './nodes-ops.ts';
import { operatorActor, OpsRefusal, OpsUsageError, type OpsCommand } from './ops-context.ts';
import { ordersCommand } from './orders-ops.ts';
import { plansCommand } from './plans-ops.ts';
import { redeemCommand } from './redeem-ops.ts';
import { settingsCommand } from './settings-ops.ts';
import { userCommand } from './users-ops.ts';

/**
 * The operations commands of `pnpm ops <command> ...` (besides check/migrate/keys/prune and the
 * payments part's own): each goes through the same domain rules and transactions as the API,
 * audits every change as 'ops:<os user>', prints readable text, or JSON with --json, and exits
 * 2 on a usage error, 1 on a refusal, with the reason on stderr.
 */
export const OPS_COMMANDS = {
  plans: plansCommand,
  coupons: couponsCommand,
  redeem: redeemCommand,
  benefits: benefitsCommand,
  nodes: nodesCommand,
  kol: kolCommand,
  commissions: commissionsCommand,
  payout: payoutCommand,
  orders: ordersCommand,
  user: userCommand,
  jobs: jobsCommand,
  settings: settingsCommand,
} satisfies Record<string, OpsCommand>;

export type OpsCommandName = keyof typeof OPS_COMMANDS;
export const OPS_COMMAND_NAMES = Object.keys(OPS_COMMANDS) as OpsCommandName[];

export const isOpsCommand = (name: string | undefined): name is OpsCommandName =>
  name !== undefined && Object.hasOwn(OPS_COMMANDS, name);

export interface OpsOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs one command against the services; the outcome is what the process prints and its exit code.
 */
export async function runOpsCommand(
  name: OpsCommandName,
  argv: string[],
  services: OrderServices,
  now: number,
  actor = operatorActor(),
): Promise<OpsOutcome> {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  try {
    const result = await OPS_COMMANDS[name](args, { services, now, actor });
    return {
      exitCode: 0,
      stdout: `${json ? JSON.stringify(result.json, null, 2) : result.text}\n`,
      stderr: '',
    };
  } catch (error) {
    if (!(error instanceof OpsUsageError) && !(error instanceof OpsRefusal)) throw error;
    const kind = error instanceof OpsUsageError ? 'usage' : 'refused';
    return {
      exitCode: kind === 'usage' ? 2 : 1,
      stdout: json
        ? `${JSON.stringify({ error: { kind, message: error.message } }, null, 2)}\n`
        : '',
      stderr: `${error.message}\n`,
    };
  }
}
