import {
  ADJUSTMENT_DAYS_MAX,
  Language,
  TRAFFIC_QUOTA_GB_MAX,
  trafficTopUpError,
} from '@nimbus/domain';
import { translate, type TranslationKey } from '@nimbus/i18n/server';
import { Refusal } from '../errors/refusal.ts';
import { reinstateUser, revokeUserSessions, suspendUser } from '../accounts/calls/index.ts';
import type { UserSummary } from '../accounts/index.ts';
import {
  intFlag,
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  requireString,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from '../cli/ops-context.ts';
import { date, fields } from '../cli/output.ts';
import { CONTACT_USAGE, contactCommand } from './user-contact-ops.ts';
import { findUserRef, USER_REF as USER } from '../cli/user-lookup.ts';
import { showUser } from './user-show-ops.ts';
import { adjustUserTime, gbText, grantTrafficTopUp, quotaView } from '../membership/index.ts';

export const USAGE = `pnpm ops user show ${USER}
       pnpm ops user suspend ${USER} --reason=<what the member is told at login>
       pnpm ops user reinstate ${USER} --reason=<why>
       pnpm ops user signout ${USER}     (ends every session of the account)
       pnpm ops user time ${USER} --plan=standard|lite --days=<+/-days> --reason=<why>
       pnpm ops user topup ${USER} --gb=<whole GB> --reason=<why>   (traffic for the cycle running now)
       ${CONTACT_USAGE}`;

/** user show|suspend|reinstate|signout|time|email|phone. */
export const userCommand: OpsCommand = async (args, ctx) => {
  const [sub, ...rest] = args;
  if (sub === 'show') return showUser(rest, ctx, USAGE);
  if (sub === 'email' || sub === 'phone') return contactCommand(sub, rest, ctx);
  return changeUser(sub, rest, ctx);
};

/**
 * user suspend|reinstate|signout|time: what support changes on an account, through the same
 * service as the console (accounts/calls/manage-account.ts, membership/adjust-time.ts), audited as the OS account.
 */
async function changeUser(
  sub: string | undefined,
  rest: string[],
  ctx: OpsContext,
): Promise<OpsResult> {
  const { values, positionals } = parseFlags(
    rest,
    {
      reason: { type: 'string' },
      plan: { type: 'string' },
      days: { type: 'string' },
      gb: { type: 'string' },
    },
    USAGE,
  );
  const { services, actor, now } = ctx;
  const target = async () =>
    (await findUserRef(services.db, onePositional(positionals, 'user', USAGE))).id;
  const reason = () => requireString(values.reason, 'reason', USAGE);
  const summary = (u: UserSummary, what: string) => ({
    text: `${what}\n${fields([
      ['user', `${u.userId} ${u.account}`],
      [
        'suspended',
        u.suspendedAt === null ? 'no' : `${date(u.suspendedAt)}: ${u.suspensionReason ?? ''}`,
      ],
      ['standard until', date(u.standardExpiresAt)],
      ['lite until', date(u.liteExpiresAt)],
    ])}`,
    json: u,
  });
  try {
    switch (sub) {
      case 'suspend':
        return summary(
          await suspendUser(services, { userId: await target(), reason: reason() }, actor, now),
          'suspended',
        );
      case 'reinstate':
        return summary(
          await reinstateUser(services, { userId: await target(), reason: reason() }, actor, now),
          'reinstated',
        );
      case 'signout': {
        const revoked = await revokeUserSessions(services, await target(), actor, now);
        return { text: `${revoked} session(s) ended`, json: { revoked } };
      }
      case 'time': {
        const plan = values.plan;
        if (plan !== 'standard' && plan !== 'lite')
          throw new OpsUsageError(`--plan must be standard or lite\nusage: ${USAGE}`);
        const days = intFlag(values.days, 'days', -ADJUSTMENT_DAYS_MAX, ADJUSTMENT_DAYS_MAX);
        if (days === undefined || days === 0)
          throw new OpsUsageError(`--days is required and not 0\nusage: ${USAGE}`);
        return summary(
          await adjustUserTime(
            services,
            { userId: await target(), plan, days, reason: reason() },
            actor,
            now,
          ),
          days > 0 ? `${days} day(s) of ${plan} granted` : `${-days} day(s) of ${plan} deducted`,
        );
      }
      case 'topup': {
        const gb = Number(values.gb ?? NaN);
        if (trafficTopUpError(gb))
          throw new OpsUsageError(
            `--gb must be whole GB from 1 to ${TRAFFIC_QUOTA_GB_MAX}\nusage: ${USAGE}`,
          );
        const status = await grantTrafficTopUp(services.db, {
          userId: await target(),
          gb,
          reason: reason(),
          actor,
          now,
        });
        return {
          text: `${gb} GB of traffic granted\n${fields([
            ['used', `${gbText(status.usedBytes)} of ${gbText(status.allowanceBytes)}`],
            ['over quota', status.over ? 'yes' : 'no'],
            [
              'next reset',
              status.cycle.nextReset === null ? 'never' : date(status.cycle.nextReset),
            ],
          ])}`,
          json: quotaView(status),
        };
      }
      default:
        throw new OpsUsageError(`usage: ${USAGE}`);
    }
  } catch (error) {
    if (error instanceof Refusal)
      throw new OpsRefusal(
        error.options.message
          ? translate(Language.EN, error.options.message as TranslationKey, error.options.vars)
          : `refused: ${error.entry.status}`,
      );
    throw error;
  }
}
