import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { TelegramLinksTable, TelegramQueueTable } from '../db/schema.ts';
import { claimQueued } from '../db/queue-claim.ts';

/** The telegram_links, telegram_link_codes and telegram_queue tables (README.md). */

export type TelegramLink = Selectable<TelegramLinksTable>;
export type QueuedMessage = Selectable<TelegramQueueTable>;

/** A claim older than this died with its process: the message is due again. */
export const TELEGRAM_CLAIM_TIMEOUT_MS = 10 * 60_000;
/** After this many failed attempts a message is given up ('failed'). */
export const TELEGRAM_MAX_ATTEMPTS = 8;

export async function linkOfUser(db: Db, userId: number): Promise<TelegramLink | undefined> {
  return db
    .selectFrom('telegram_links')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function linkOfChat(db: Db, chatId: string): Promise<TelegramLink | undefined> {
  return db
    .selectFrom('telegram_links')
    .selectAll()
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
}

/**
 * Links `chatId` to the member, replacing the member's earlier chat and the chat's earlier
 * member (a chat belongs to one account; an account to one chat).
 */
export async function saveLink(
  trx: Db,
  link: { userId: number; chatId: string; username: string | null; now: number },
): Promise<void> {
  await trx
    .deleteFrom('telegram_links')
    .where((eb) => eb.or([eb('user_id', '=', link.userId), eb('chat_id', '=', link.chatId)]))
    .execute();
  await trx
    .insertInto('telegram_links')
    .values({
      user_id: link.userId,
      chat_id: link.chatId,
      username: link.username,
      notices: 1,
      linked_at: link.now,
    })
    .execute();
}

/** Unlinks the member's chat; false when there was none. */
export async function deleteLinkOfUser(trx: Db, userId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('telegram_links')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setNotices(trx: Db, userId: number, on: boolean): Promise<boolean> {
  const result = await trx
    .updateTable('telegram_links')
    .set({ notices: on ? 1 : 0 })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertLinkCode(
  trx: Db,
  code: { hash: string; userId: number; expiresAt: number },
): Promise<void> {
  // A member holds one code at a time: a new link replaces the one shown before.
  await trx.deleteFrom('telegram_link_codes').where('user_id', '=', code.userId).execute();
  await trx
    .insertInto('telegram_link_codes')
    .values({
      code_hash: code.hash,
      user_id: code.userId,
      expires_at: code.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Uses a code once: the member it names, or undefined when it is unknown, expired or used (two
 * racing /start messages: the conditional update lets one win).
 */
export async function consumeLinkCode(
  trx: Db,
  hash: string,
  now: number,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom('telegram_link_codes')
    .select(['user_id', 'expires_at', 'used_at'])
    .where('code_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.used_at !== null || row.expires_at <= now) return undefined;
  const result = await trx
    .updateTable('telegram_link_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.user_id : undefined;
}

export async function deleteTelegramOfUser(trx: Db, userId: number): Promise<void> {
  await trx.deleteFrom('telegram_link_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('telegram_queue').where('user_id', '=', userId).execute();
  await trx.deleteFrom('telegram_links').where('user_id', '=', userId).execute();
}

export async function queueMessage(
  trx: Db,
  message: { chatId: string; userId: number | null; text: string; now: number },
): Promise<void> {
  await trx
    .insertInto('telegram_queue')
    .values({
      chat_id: message.chatId,
      user_id: message.userId,
      text: message.text,
      status: 'due',
      created_at: message.now,
      due_at: message.now,
      claimed_at: null,
      sent_at: null,
      last_error: null,
    })
    .execute();
}

/** The oldest messages due (or whose claim lapsed), at most `limit`. */
export async function dueMessages(db: Db, now: number, limit: number): Promise<QueuedMessage[]> {
  return db
    .selectFrom('telegram_queue')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'due'), eb('due_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'sending'),
          eb('claimed_at', '<', now - TELEGRAM_CLAIM_TIMEOUT_MS),
        ]),
      ]),
    )
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Claims one message for this process: false when another process claimed it first. */
export async function claimMessage(db: Db, message: QueuedMessage, now: number): Promise<boolean> {
  return claimQueued(db, 'telegram_queue', message, now);
}

export async function markMessage(
  db: Db,
  message: QueuedMessage,
  outcome:
    | { status: 'sent'; now: number }
    | { status: 'skipped' }
    | { status: 'failed'; error: string }
    | { status: 'retry'; error: string; dueAt: number },
): Promise<void> {
  const attempts = message.attempts + 1;
  const set =
    outcome.status === 'sent'
      ? { status: 'sent', sent_at: outcome.now, attempts }
      : outcome.status === 'skipped'
        ? { status: 'skipped' }
        : outcome.status === 'failed'
          ? {
              status: 'failed',
              attempts,
              claimed_at: null,
              last_error: outcome.error.slice(0, 500),
            }
          : {
              status: attempts >= TELEGRAM_MAX_ATTEMPTS ? 'failed' : 'due',
              attempts,
              claimed_at: null,
              due_at: outcome.dueAt,
              last_error: outcome.error.slice(0, 500),
            };
  await db.updateTable('telegram_queue').set(set).where('id', '=', message.id).execute();
}
