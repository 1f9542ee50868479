import { writeAudit } from '../audit/index.ts';
import { OpsUsageError, parseFlags, type OpsCommand } from '../cli/ops-context.ts';
import type { OrderServices } from '../orders/index.ts';
import { pruneExpired } from '../services.ts';

/** prune: deletes rows that can no longer matter and closes what is past its time, audited. */
export const pruneCommand: OpsCommand<OrderServices> = async (args, ctx) => {
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
