import { runScheduledJobs } from '../jobs/scheduled-jobs.ts';
import type { OrderServices } from '../orders/index.ts';
import { OpsUsageError, parseFlags, type OpsCommand } from '../cli/ops-context.ts';

/**
 * jobs: one run of the scheduled jobs (expired groups, refunds due, membership notices, queued
 * notice e-mails) now, for a cron entry or after downtime. Safe beside running servers: every item is claimed before it is worked on.
 */
export const jobsCommand: OpsCommand<OrderServices> = async (args, ctx) => {
  const { positionals } = parseFlags(args, {}, 'pnpm ops jobs');
  if (positionals.length > 0) throw new OpsUsageError('usage: pnpm ops jobs');
  const run = await runScheduledJobs(ctx.services, ctx.now);
  return {
    text: `groups closed: ${run.groupsExpired}\npayments refunded: ${run.paymentsRefunded}\ntraffic days rolled up: ${run.trafficDaysRolledUp}\nmembership notices queued: ${run.membershipNotices}\nnotice e-mails sent: ${run.mailSent}\nnode alerts opened or resolved: ${run.nodeAlerts}\ntelegram messages sent: ${run.telegramSent}\nwebhook deliveries made: ${run.webhooksDelivered}`,
    json: run,
  };
};
