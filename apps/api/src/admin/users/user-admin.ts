import { ErrorCode } from '@nimbus/api-sdk/contract';
import { adjustMembership, isAdjustmentDays, ShopGroupType, validateReason } from '@nimbus/domain';
import { writeAudit, type Actor } from '../../audit/audit.ts';
import type { Db } from '../../db/database.ts';
import type { DialectName } from '../../db/dialect.ts';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import { deleteDeviceOf, devicesOfUser } from '../../devices/index.ts';
import { findMembership, updateMembership } from '../../membership/index.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { findAnyUser, lockUser, membershipOf, updateAccount } from '../../users/user-store.ts';
import { userSummaryById, type UserSummary } from '../../users/user-search.ts';

/**
 * What support does to a member's account, for the console and `pnpm ops user` alike: find
 * accounts, suspend and reinstate them (with the reason the member sees at login), end their
 * sessions and grant or deduct membership time. Every change is one transaction with its audit
 * row, under the user's lock.
 */

/** The account row under the user's lock; a deleted account is not there to change. */
export async function lockedUser(trx: Db, dialect: DialectName, userId: number) {
  await lockUser(trx, dialect, userId);
  const row = await findAnyUser(trx, { column: 'id', key: userId });
  if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.USER_NOT_FOUND);
  return row;
}

/** The reason an operator gave, trimmed; VALIDATION_FAILED when empty or too long. */
export function reasonOf(input: string): string {
  const reason = validateReason(input);
  if (reason === null) throw validationRefusal('text_required');
  return reason;
}

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

/** Grants (days > 0) or deducts (days < 0) one plan type's time, with the reason audited. */
export async function adjustUserTime(
  services: PlatformServices,
  input: { userId: number; plan: 'standard' | 'lite'; days: number; reason: string },
  actor: Actor,
  now: number,
): Promise<UserSummary> {
  const reason = reasonOf(input.reason);
  if (!isAdjustmentDays(input.days)) throw validationRefusal('check_input');
  const planType = input.plan === 'standard' ? ShopGroupType.STANDARD : ShopGroupType.LITE;
  await services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, input.userId);
    const before = membershipOf(await findMembership(trx, input.userId));
    const after = adjustMembership(before, planType, input.days, now);
    await updateMembership(trx, input.userId, { membership: after }, now);
    await writeAudit(trx, {
      actor,
      action: input.days > 0 ? 'membership.granted' : 'membership.deducted',
      subjectType: 'user',
      subjectId: input.userId,
      data: { plan: input.plan, days: input.days, reason, before, after },
      at: now,
    });
  });
  return userSummaryById(services.db, input.userId);
}

/**
 * Unbinds one of an account's devices for support (the slot is free for another device, as when
 * the member unbinds it), audited with what the device was. DEVICE_NOT_FOUND for a device the
 * account does not have.
 */
export async function unbindUserDevice(
  services: PlatformServices,
  input: { userId: number; deviceId: number },
  actor: Actor,
  now: number,
): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    await lockedUser(trx, services.dialect, input.userId);
    const device = (await devicesOfUser(trx, input.userId)).find((d) => d.id === input.deviceId);
    if (!device || !(await deleteDeviceOf(trx, input.userId, device.id)))
      throw new Refusal(ErrorCode.DEVICE_NOT_FOUND);
    await writeAudit(trx, {
      actor,
      action: 'user.device_unbound',
      subjectType: 'user',
      subjectId: input.userId,
      data: { deviceId: device.id, name: device.name, platform: device.platform },
      at: now,
    });
  });
}
