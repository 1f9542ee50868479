import { writeAudit, type Actor } from '../../audit/index.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { lockedUser, reasonOf } from '../locked-user.ts';
import { updateAccount } from '../store.ts';
import { userSummaryById, type UserSummary } from '../user-search.ts';

/**
 * What support does to a member's account, for the console and `pnpm ops user` alike: suspend
 * and reinstate it (with the reason the member sees at login) and end its sessions. Every change
 * is one transaction with its audit row, under the user's lock (`lockedUser`). Membership time
 * is membership/adjust-time.ts, a device's unbinding devices/unbind-device.ts.
 */

/**
 * Suspends an account: the member cannot log in (and is told the reason), every session ends at
 * once, and their node credentials leave the node feed (it lists only accounts that are not
 * suspended; `updated_at` moves so every process rebuilds it). Suspending again updates the reason.
 */
export async function suspendUser(
  services: PlatformServices,
  input: { userId: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  await services.db.transaction().execute(async (trx) => {
    const user = await lockedUser(trx, services.dialect, input.userId);
    await updateAccount(
      trx,
      input.userId,
      { suspension: { at: user.suspended_at ?? now, reason } },
      now,
    );
    await services.sessions.revokeAll(input.userId, now, trx);
    await writeAudit(trx, {
      actor,
      action: 'user.suspended',
      subjectType: 'user',
      subjectId: input.userId,
      data: { reason, before: user.suspension_reason },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}

/** Lifts a suspension: login works again and the node feed lists the member's links again. */
export async function reinstateUser(
  services: PlatformServices,
  input: { userId: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  await services.db.transaction().execute(async (trx) => {
    const user = await lockedUser(trx, services.dialect, input.userId);
    if (user.suspended_at === null) return;
    await updateAccount(trx, input.userId, { suspension: null }, now);
    await writeAudit(trx, {
      actor,
      action: 'user.reinstated',
      subjectType: 'user',
      subjectId: input.userId,
      data: { reason, suspendedAt: user.suspended_at, suspensionReason: user.suspension_reason },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}

/** Ends every live session of an account (signed out everywhere); returns how many. */
export async function revokeUserSessions(
  services: PlatformServices,
  userId: number,
  actor: Actor,
  now: number,
): Promise<number> {
  return services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, userId);
    const live = await services.sessions.liveCount(userId, now, trx);
    await services.sessions.revokeAll(userId, now, trx);
    await writeAudit(trx, {
      actor,
      action: 'user.sessions_revoked',
      subjectType: 'user',
      subjectId: userId,
      data: { sessions: live },
      at: now,
    });
    return live;
  });
}
