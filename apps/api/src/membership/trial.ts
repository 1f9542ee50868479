import {
  ErrorCode,
  RequestHeader,
  type RequestOf,
  type ResponseOf,
} from '@nimbus/api-sdk/contract';
import {
  devicesAllowedAfterCredit,
  grantFreeTrial,
  LanguageHeader,
  msToWholeSeconds,
  NO_MEMBERSHIP,
} from '@nimbus/domain';
import { Refusal } from '../errors/refusal.ts';
import type { CallContext } from '../http/handler.ts';
import { enforceLimit } from '../security/enforce-limit.ts';
import { sessionOriginOf } from '../http/session-origin.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import {
  findUserById,
  insertUser,
  lockUser,
  membershipOf,
  newInviteCode,
} from '../accounts/index.ts';
import { findMembership, updateMembership } from './membership-store.ts';
import { claimDeviceTrial, deviceUsedTrial } from './trial-store.ts';
import { queueWebhookEvent } from '../webhooks/index.ts';

// POST /api/user/user_trial
/**
 * The trial button's free trial (15 minutes of Standard time), once per account and once per
 * device id. With a session it goes to that account; without one the server creates a trial
 * account (no name or password yet) and signs it in through the `pragma` header.
 */
export async function trial(
  _input: RequestOf<'userTrial'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTrial'>> {
  const { services, now } = ctx;
  const { db } = services;
  const header = ctx.request.headers[RequestHeader.authorization.toLowerCase()];
  const token = tokenFromAuthorization(Array.isArray(header) ? header[0] : header);
  const session = token ? await services.sessions.authenticate(token, now) : undefined;
  const existing = session ? await findUserById(db, session.userId) : undefined;

  const deviceUsed = await deviceUsedTrial(db, ctx.deviceId, 'free');
  const check = grantFreeTrial({
    accountUsedTrial: existing?.trial_used === 1,
    deviceUsedTrial: deviceUsed,
    membership: existing ? membershipOf(existing) : NO_MEMBERSHIP,
    now,
  });
  if (!check.ok) throw new Refusal(ErrorCode.TRIAL_ALREADY_USED);
  if (!existing)
    await enforceLimit(
      services.counters,
      `trial:ip:${ctx.ip}`,
      services.limits.trialAccountsPerIp,
      now,
    );
  const inviteCode = existing ? undefined : await newInviteCode(db);

  const result = await db.transaction().execute(async (trx) => {
    let userId = existing?.id;
    if (userId === undefined) {
      userId = await insertUser(
        trx,
        {
          passwordHash: '!trial',
          language: LanguageHeader[ctx.language],
          inviteCode: inviteCode ?? '',
          inviterId: null,
        },
        now,
      );
      await queueWebhookEvent(trx, {
        type: 'user.created',
        data: {
          userId: String(userId),
          source: 'trial',
          accountType: null,
          language: LanguageHeader[ctx.language],
          invited: false,
        },
        now,
      });
    }
    await lockUser(trx, services.dialect, userId);
    const user = await findMembership(trx, userId);
    const claimed = await claimDeviceTrial(
      trx,
      { deviceId: ctx.deviceId, kind: 'free', userId },
      now,
    );
    // Re-checked under the lock: two racing presses give one trial.
    const grant = grantFreeTrial({
      accountUsedTrial: user.trial_used === 1,
      deviceUsedTrial: !claimed,
      membership: membershipOf(user),
      now,
    });
    if (!grant.ok) throw new Refusal(ErrorCode.TRIAL_ALREADY_USED);
    await updateMembership(
      trx,
      userId,
      {
        membership: grant.value.membership,
        trialUsed: true,
        devicesAllowed: devicesAllowedAfterCredit(
          { devicesAllowed: services.config.trialDevicesAllowed },
          { membership: membershipOf(user), devicesAllowed: user.devices_allowed },
          now,
        ),
      },
      now,
    );
    const newToken = existing
      ? undefined
      : await services.sessions.create(userId, sessionOriginOf(ctx), now, trx);
    return { userId, grant: grant.value, newToken };
  });
  if (result.newToken) ctx.issueToken(result.newToken);
  return {
    userId: String(result.userId),
    trialEndsAt: result.grant.expiresAt,
    trialSeconds: msToWholeSeconds(result.grant.durationMs),
  };
}
