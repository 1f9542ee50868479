import type { FastifyBaseLogger } from 'fastify';
import { watchNodes } from '../alerts/index.ts';
import { expireDueGroups } from '../group-buy/index.ts';
import { trafficRollUpBeforeDay } from '@nimbus/domain';
import { deliverQueuedMail } from '../mail/index.ts';
import { queueMembershipNotices } from '../membership/index.ts';
import { rollUpTraffic } from '../nodes/index.ts';
import { processDueRefunds, type OrderServices } from '../orders/index.ts';
import { sendTelegramMessages } from '../telegram/bot/index.ts';
import { deliverWebhooks, webhookSecrets } from '../webhooks/index.ts';

export interface JobsRun {
  groupsExpired: number;
  paymentsRefunded: number;
  /** Daily traffic rows rolled up into their months. */
  trafficDaysRolledUp: number;
  /** Membership notices (ending in 3 days, ended) queued now. */
  membershipNotices: number;
  /** Notice e-mails sent from the queue (src/mail). */
  mailSent: number;
  /** Operator alerts about nodes opened (offline) or resolved (back) now (src/alerts). */
  nodeAlerts: number;
  /** Telegram messages sent from the queue (src/telegram). */
  telegramSent: number;
  /** Webhook deliveries made from the queue (src/webhooks). */
  webhooksDelivered: number;
}

/** Every field of a run (the metrics count each from zero, so dashboards see them all). */
export const JOBS_RUN_FIELDS = Object.keys({
  groupsExpired: true,
  paymentsRefunded: true,
  trafficDaysRolledUp: true,
  membershipNotices: true,
  mailSent: true,
  nodeAlerts: true,
  telegramSent: true,
  webhooksDelivered: true,
} satisfies Record<keyof JobsRun, true>) as (keyof JobsRun)[];

/**
 * One run of the scheduled jobs: close expired groups (queueing their refunds), then carry out
 * every due refund through its provider, then roll members' old traffic days up into months, then
 * queue the membership notices due, then send the notice e-mails still queued, then alert the
 * operators about nodes gone silent (or back), then send the Telegram messages and webhook
 * deliveries queued.
 * Safe to run from several processes at once: every group and every refund is claimed by a
 * conditional update before anything is done with it, and each traffic day is added to its month
 * only by the run that deleted it, and each membership notice is recorded once (its primary key).
 */
export async function runScheduledJobs(services: OrderServices, now: number): Promise<JobsRun> {
  const groupsExpired = await expireDueGroups(services, now);
  const paymentsRefunded = await processDueRefunds(services, now);
  const trafficDaysRolledUp = await rollUpTraffic(services.db, trafficRollUpBeforeDay(now));
  const membershipNotices = await queueMembershipNotices(services, now);
  const mailSent = await deliverQueuedMail(services, now);
  const nodeAlerts = await watchNodes(services, now);
  const telegramSent = await sendTelegramMessages(services, now);
  const webhooksDelivered = await deliverWebhooks(services.db, {
    production: services.config.mode === 'production',
    now,
    secrets: webhookSecrets(services.secret),
  });
  return {
    groupsExpired,
    paymentsRefunded,
    trafficDaysRolledUp,
    membershipNotices,
    mailSent,
    nodeAlerts,
    telegramSent,
    webhooksDelivered,
  };
}

/** What a process's timer tells after each run (the metrics count runs, failures, items). */
export interface JobMeter {
  ran(run: JobsRun, seconds: number): void;
  failed(seconds: number): void;
}

export interface JobTimer {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Runs the jobs every `intervalMs` in this process (the timer does not keep the process alive).
 * A run never overlaps the previous one of the same process; a failed run is logged and the
 * next one tries again.
 */
export function startScheduledJobs(
  services: OrderServices,
  clock: () => number,
  intervalMs: number,
  log: FastifyBaseLogger,
  meter?: JobMeter,
): JobTimer {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    running = runScheduledJobs(services, clock())
      .then((run) => {
        meter?.ran(run, seconds());
        if (
          run.groupsExpired > 0 ||
          run.paymentsRefunded > 0 ||
          run.trafficDaysRolledUp > 0 ||
          run.membershipNotices > 0 ||
          run.mailSent > 0 ||
          run.telegramSent > 0 ||
          run.webhooksDelivered > 0
        )
          log.info(run, 'scheduled jobs');
      })
      .catch((error: unknown) => {
        meter?.failed(seconds());
        log.warn({ err: error }, 'scheduled jobs failed');
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
