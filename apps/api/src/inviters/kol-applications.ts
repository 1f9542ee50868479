import { ErrorCode, type KolApplication, type KolApplicationState } from '@nimbus/api-sdk/contract';
import {
  canApplyForKol,
  decideKolApplication,
  isPayoutNetwork,
  KOL_DECLINE_REASON_MAX_LENGTH,
  type KolApplicationStatus,
  validateKolApplication,
  validateKolFirstPurchaseRate,
  type KolApplicationInput,
} from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { findKolState } from './kol-store.ts';
import { lockUser } from '../accounts/index.ts';
import {
  applicationLinks,
  decideApplication,
  findApplication,
  insertApplication,
  latestApplication,
  type ApplicationRow,
} from './application-store.ts';
import { notifyApplicationDecided } from '../orders/index.ts';
import { KolError, markKolIn, type Change } from './manage-kols.ts';
import { saveWallet } from './wallet-store.ts';

/**
 * Joining the KOL programme (README.md): a member applies, an operator approves (the member
 * becomes a KOL at a rate, with the application's wallet) or declines with a reason. The same
 * functions serve the API, `pnpm ops kol applications|approve|decline` and the operator console.
 */

export function toApplication(row: ApplicationRow): KolApplication {
  return {
    id: String(row.id),
    status: row.status as KolApplication['status'],
    links: applicationLinks(row),
    audience: row.audience,
    wallet: {
      network: isPayoutNetwork(row.wallet_network) ? row.wallet_network : 'ethereum',
      address: row.wallet_address,
    },
    submittedAt: row.submitted_at,
    decidedAt: row.decided_at,
    declineReason: row.decline_reason,
  };
}

async function isKolNow(db: Db, userId: number): Promise<boolean> {
  return (await findKolState(db, userId))?.is_kol === 1;
}

/** A member's standing: KOL or not, the latest application, whether they may apply now. */
export async function applicationState(
  services: Pick<PlatformServices, 'db' | 'settings'>,
  userId: number,
): Promise<KolApplicationState> {
  const [isKol, latest, autoApprove] = await Promise.all([
    isKolNow(services.db, userId),
    latestApplication(services.db, userId),
    services.settings.get('kol.autoApprove'),
  ]);
  const status = (latest?.status ?? null) as KolApplicationStatus | null;
  return {
    isKol,
    application: latest ? toApplication(latest) : null,
    canApply: canApplyForKol({ isKol, latest: status }).ok,
    autoApprove,
  };
}

/**
 * Approves a pending application inside the caller's transaction: the member becomes a KOL at
 * `ratePercent` and the application's wallet is their payout wallet.
 */
async function approveIn(
  trx: Db,
  dialect: DialectName,
  row: ApplicationRow,
  ratePercent: number,
  change: Change,
): Promise<void> {
  const decided = decideKolApplication(row.status as KolApplicationStatus, { kind: 'approve' });
  if (!decided.ok)
    throw new KolError('application_not_pending', `application ${row.id} is ${row.status}`);
  if (
    !(await decideApplication(trx, row.id, { ...decided.value, by: change.actor, now: change.now }))
  )
    throw new KolError('application_not_pending', `application ${row.id} was decided meanwhile`);
  await markKolIn(trx, dialect, row.user_id, ratePercent, change);
  if (isPayoutNetwork(row.wallet_network)) {
    await saveWallet(
      trx,
      row.user_id,
      { network: row.wallet_network, address: row.wallet_address as `0x${string}` },
      { by: change.actor, now: change.now },
    );
  }
  await writeAudit(trx, {
    actor: change.actor,
    action: 'kol.application_approved',
    subjectType: 'user',
    subjectId: row.user_id,
    data: { applicationId: row.id, ratePercent },
    at: change.now,
  });
}

/**
 * A member applies. Bad input is VALIDATION_FAILED with the domain's message; a KOL is refused
 * KOL_ALREADY, a member with an open application KOL_APPLICATION_PENDING (also when two
 * requests race: the partial unique index). With automatic approval on, the application is
 * approved in the same transaction at the default rate.
 */
export async function applyForKol(
  services: Pick<PlatformServices, 'db' | 'dialect' | 'settings'>,
  userId: number,
  input: KolApplicationInput,
  now: number,
): Promise<KolApplicationState> {
  const valid = validateKolApplication(input);
  if (!valid.ok) throw validationRefusal(valid.error, valid.params);
  const [autoApprove, ratePercent] = await Promise.all([
    services.settings.get('kol.autoApprove'),
    services.settings.get('kol.defaultRatePercent'),
  ]);
  const actor: Actor = `user:${userId}`;
  try {
    await services.db.transaction().execute(async (trx) => {
      await lockUser(trx, services.dialect, userId);
      const [isKol, latest] = await Promise.all([
        isKolNow(trx, userId),
        latestApplication(trx, userId),
      ]);
      const may = canApplyForKol({
        isKol,
        latest: (latest?.status ?? null) as KolApplicationStatus | null,
      });
      if (!may.ok)
        throw new Refusal(
          may.error === 'already_kol' ? ErrorCode.KOL_ALREADY : ErrorCode.KOL_APPLICATION_PENDING,
        );
      const id = await insertApplication(trx, userId, valid.value, now);
      await writeAudit(trx, {
        actor,
        action: 'kol.applied',
        subjectType: 'user',
        subjectId: userId,
        data: { applicationId: id, links: valid.value.links, wallet: valid.value.wallet },
        at: now,
      });
      if (autoApprove) {
        const row = await findApplication(trx, id);
        if (row) await approveIn(trx, services.dialect, row, ratePercent, { actor: 'system', now });
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ErrorCode.KOL_APPLICATION_PENDING);
    throw error;
  }
  return applicationState(services, userId);
}

/**
 * An operator approves an application, at `ratePercent` or the programme's default rate; the
 * member is told by e-mail (an automatic approval is shown at once instead).
 */
export async function approveKolApplication(
  services: Pick<PlatformServices, 'db' | 'dialect' | 'settings' | 'config'>,
  applicationId: number,
  ratePercent: number | undefined,
  change: Change,
): Promise<{ userId: number; ratePercent: number }> {
  const rate = ratePercent ?? (await services.settings.get('kol.defaultRatePercent'));
  const valid = validateKolFirstPurchaseRate(rate);
  if (!valid.ok)
    throw new KolError(
      valid.error,
      `the rate must be a whole percentage from 25 to 100 (got ${rate})`,
    );
  return services.db.transaction().execute(async (trx) => {
    const row = await findApplication(trx, applicationId);
    if (!row) throw new KolError('application_not_found', `no application ${applicationId}`);
    await lockUser(trx, services.dialect, row.user_id);
    const current = await findApplication(trx, applicationId);
    if (!current) throw new KolError('application_not_found', `no application ${applicationId}`);
    await approveIn(trx, services.dialect, current, valid.value, change);
    await notifyApplicationDecided(trx, {
      userId: current.user_id,
      decision: { kind: 'approved', ratePercent: valid.value },
      publicUrl: services.config.publicUrl,
      now: change.now,
    });
    return { userId: current.user_id, ratePercent: valid.value };
  });
}

/** An operator declines an application with the reason the member is shown (and e-mailed). */
export async function declineKolApplication(
  services: Pick<PlatformServices, 'db' | 'config'>,
  applicationId: number,
  reason: string,
  change: Change,
): Promise<{ userId: number; reason: string }> {
  return services.db.transaction().execute(async (trx) => {
    const row = await findApplication(trx, applicationId);
    if (!row) throw new KolError('application_not_found', `no application ${applicationId}`);
    const decided = decideKolApplication(row.status as KolApplicationStatus, {
      kind: 'decline',
      reason,
    });
    if (!decided.ok) {
      const message = {
        application_not_pending: `application ${row.id} is ${row.status}`,
        reason_required: 'a reason is required (the member is shown it)',
        text_too_long: `the reason must be at most ${KOL_DECLINE_REASON_MAX_LENGTH} characters`,
      }[decided.error];
      throw new KolError(decided.error, message);
    }
    if (
      !(await decideApplication(trx, row.id, {
        ...decided.value,
        by: change.actor,
        now: change.now,
      }))
    )
      throw new KolError('application_not_pending', `application ${row.id} was decided meanwhile`);
    await writeAudit(trx, {
      actor: change.actor,
      action: 'kol.application_declined',
      subjectType: 'user',
      subjectId: row.user_id,
      data: { applicationId: row.id, reason: decided.value.reason },
      at: change.now,
    });
    await notifyApplicationDecided(trx, {
      userId: row.user_id,
      decision: { kind: 'declined', reason: decided.value.reason ?? '' },
      publicUrl: services.config.publicUrl,
      now: change.now,
    });
    return { userId: row.user_id, reason: decided.value.reason ?? '' };
  });
}
