import { ErrorCode } from '@nimbus/api-sdk/contract';
import { formatDateTime } from '@nimbus/i18n/server';
import { writeAudit, type Actor } from '../../audit/index.ts';
import { Refusal } from '../../errors/refusal.ts';
import { deliverQueuedMail, languageOf, queueMail } from '../../mail/index.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { deleteCodesTo } from '../../security/verification-codes.ts';
import { parseAccountName } from '../account-name.ts';
import { maskedAccount } from '../masked-account.ts';
import { userSummaryById, type UserSummary } from '../user-search.ts';
import { accountTaken, setContact, uniqueViolationColumn } from '../store.ts';
import { lockedUser, reasonOf } from '../locked-user.ts';

/** The sign-in addresses support changes: the e-mail address and the phone number. */
export type ContactField = 'email' | 'phone';

export interface ContactChange {
  user: UserSummary;
  /** The sessions that ended with the change. */
  sessionsEnded: number;
  /** Whether a notice was queued (to the old e-mail; for a phone, to the account's e-mail). */
  notified: boolean;
}

/** An address as the audit row and the notice show it: enough to recognise, not to use. */
function masked(field: ContactField, value: string | null): string | null {
  if (value === null) return null;
  return maskedAccount({
    email: field === 'email' ? value : null,
    phone: field === 'phone' ? value : null,
    username_display: null,
  });
}

/**
 * Changes an account's sign-in e-mail or phone for support (the console and `pnpm ops user
 * email|phone`). The new address goes through registration's validation and normalisation and
 * its uniqueness rule (no other account, deleted ones included, may hold it); a reason is
 * required. In one transaction with the audit row (both addresses masked): the address changes,
 * every session of the account ends and the codes sent to the old address are forgotten (whoever
 * holds the old address or a session no longer holds the account), and a notice is queued to the
 * old e-mail address (a phone change: to the account's e-mail), sent right after the commit.
 * Nothing changes on a refusal.
 */
export async function changeUserContact(
  services: PlatformServices,
  input: { userId: number; field: ContactField; value: string; reason: string },
  actor: Actor,
  now: number,
): Promise<ContactChange> {
  const { field } = input;
  const contact = parseAccountName(field, input.value);
  const reason = reasonOf(input.reason);
  let outcome: { sessionsEnded: number; notified: boolean };
  try {
    outcome = await services.db.transaction().execute(async (trx) => {
      const user = await lockedUser(trx, services.dialect, input.userId);
      const before = user[field];
      if (before === contact.key)
        throw new Refusal(ErrorCode.VALIDATION_FAILED, { message: 'errors:contact_unchanged' });
      if (await accountTaken(trx, contact))
        throw new Refusal(ErrorCode.ACCOUNT_EXISTS, { message: 'errors:contact_taken' });
      await setContact(trx, user.id, { column: field, key: contact.key }, now);
      const sessionsEnded = await services.sessions.liveCount(user.id, now, trx);
      await services.sessions.revokeAll(user.id, now, trx);
      if (before !== null) await deleteCodesTo(trx, before);
      const to = field === 'email' ? before : user.email;
      if (to !== null) {
        await queueMail(trx, {
          to,
          userId: user.id,
          language: user.language,
          kind: field === 'email' ? 'email_changed' : 'phone_changed',
          vars: {
            time: formatDateTime(now, languageOf(user.language), { timeZone: 'UTC' }),
            address: masked(field, contact.key) ?? '',
          },
          now,
        });
      }
      await writeAudit(trx, {
        actor,
        action: field === 'email' ? 'user.email_changed' : 'user.phone_changed',
        subjectType: 'user',
        subjectId: user.id,
        data: {
          before: masked(field, before),
          after: masked(field, contact.key),
          reason,
          sessionsEnded,
          notified: to !== null,
        },
        at: now,
      });
      return { sessionsEnded, notified: to !== null };
    });
  } catch (error) {
    // Two changes (or a registration) racing for one address: the unique index decides.
    if (uniqueViolationColumn(error)?.includes(field))
      throw new Refusal(ErrorCode.ACCOUNT_EXISTS, { message: 'errors:contact_taken' });
    throw error;
  }
  // The notice is queued with the change; if sending fails now, the jobs send it later.
  if (outcome.notified) await deliverQueuedMail(services, now).catch(() => 0);
  return { user: await userSummaryById(services.db, input.userId), ...outcome };
}
