import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailQueueTable } from '../db/schema.ts';
import { claimQueued } from '../db/queue-claim.ts';

/** The mail_queue table: notice e-mails waiting to be sent (README.md). */

export type QueuedMail = Selectable<MailQueueTable>;

/** A claim older than this is taken to have died with its process, and the mail is due again. */
export const MAIL_CLAIM_TIMEOUT_MS = 10 * 60_000;
/** After this many failed attempts a mail is given up ('failed'). */
export const MAIL_MAX_ATTEMPTS = 8;

export interface MailToQueue {
  to: string;
  /** The member it is for (their unsubscribe choice and link); absent for an address only. */
  userId?: number;
  /** The recipient's language in the header form ('en' | 'zh_CN'). */
  language: string;
  kind: string;
  vars: Record<string, string | number>;
  now: number;
}

/** Queues a notice; call it in the transaction that makes the change it tells about. */
export async function queueMail(trx: Db, mail: MailToQueue): Promise<void> {
  await trx
    .insertInto('mail_queue')
    .values({
      to_address: mail.to,
      language: mail.language,
      kind: mail.kind,
      vars: JSON.stringify(mail.vars),
      status: 'due',
      created_at: mail.now,
      claimed_at: null,
      sent_at: null,
      last_error: null,
      user_id: mail.userId ?? null,
    })
    .execute();
}

/** The oldest mails due (or whose claim lapsed), at most `limit`. */
export async function dueMail(db: Db, now: number, limit: number): Promise<QueuedMail[]> {
  return db
    .selectFrom('mail_queue')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb('status', '=', 'due'),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', now - MAIL_CLAIM_TIMEOUT_MS)]),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims one mail for this process: false when another process claimed it first. */
export async function claimMail(db: Db, mail: QueuedMail, now: number): Promise<boolean> {
  return claimQueued(db, 'mail_queue', mail, now);
}

export async function markMailSent(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('mail_queue')
    .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** A notice of a category the member turned off after it was queued: not sent. */
export async function markMailSkipped(db: Db, id: number): Promise<void> {
  await db.updateTable('mail_queue').set({ status: 'skipped' }).where('id', '=', id).execute();
}

/** A failed attempt: due again, or given up after MAIL_MAX_ATTEMPTS. */
export async function markMailFailed(db: Db, mail: QueuedMail, error: string): Promise<void> {
  const attempts = mail.attempts + 1;
  await db
    .updateTable('mail_queue')
    .set({
      status: attempts >= MAIL_MAX_ATTEMPTS ? 'failed' : 'due',
      attempts,
      claimed_at: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', mail.id)
    .execute();
}
