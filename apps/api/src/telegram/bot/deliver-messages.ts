import { GrammyError, type Api } from 'grammy';
import type { Db } from '../../db/database.ts';
import { claimMessage, dueMessages, linkOfChat, markMessage } from '../store.ts';

/** Messages sent per run at most (Telegram allows about 30 a second to different chats). */
const BATCH = 100;
/** A failed send is tried again after 1, 2, 4... minutes, up to an hour. */
const backoffMs = (attempts: number) => Math.min(60, 2 ** attempts) * 60_000;

/**
 * Sends the queued messages that are due (the scheduled jobs call it). Each is claimed first, so
 * two processes never send one twice. A member's message to a chat that is no longer theirs
 * (unlinked since it was queued) is skipped; Telegram's 429 and 5xx are tried again later (429
 * after the time it asks); a chat that blocked the bot (403) gives up at once. Returns how many
 * were sent.
 */
export async function deliverTelegramMessages(db: Db, api: Api, now: number): Promise<number> {
  let sent = 0;
  for (const message of await dueMessages(db, now, BATCH)) {
    if (!(await claimMessage(db, message, now))) continue;
    if (message.user_id !== null) {
      const link = await linkOfChat(db, message.chat_id);
      if (link?.user_id !== message.user_id || link.notices !== 1) {
        await markMessage(db, message, { status: 'skipped' });
        continue;
      }
    }
    try {
      await api.sendMessage(message.chat_id, message.text, {
        link_preview_options: { is_disabled: true },
      });
      await markMessage(db, message, { status: 'sent', now });
      sent += 1;
    } catch (error) {
      const retryAfter = error instanceof GrammyError ? error.parameters.retry_after : undefined;
      const text = error instanceof Error ? error.message : String(error);
      if (error instanceof GrammyError && error.error_code === 403)
        await markMessage(db, message, { status: 'failed', error: text });
      else
        await markMessage(db, message, {
          status: 'retry',
          error: text,
          dueAt: now + (retryAfter !== undefined ? retryAfter * 1000 : backoffMs(message.attempts)),
        });
    }
  }
  return sent;
}
