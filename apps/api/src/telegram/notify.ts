import type { Db } from '../db/database.ts';
import { linkOfUser, queueMessage } from './store.ts';

/**
 * Queues a notice for the member's linked chat, in the transaction that makes the change (the
 * mail notices call it with the same texts: src/mail/notify.ts). Nothing when the member linked no
 * chat or turned Telegram notices off. Returns whether a message was queued.
 */
export async function queueTelegramNotice(
  trx: Db,
  notice: {
    userId: number;
    subject: string;
    body: string;
    now: number;
    /** Asked only when the member has a chat for notices (the caller's opt-out check). */
    wanted?: () => Promise<boolean>;
  },
): Promise<boolean> {
  const link = await linkOfUser(trx, notice.userId);
  if (!link || link.notices !== 1) return false;
  if (notice.wanted && !(await notice.wanted())) return false;
  await queueMessage(trx, {
    chatId: link.chat_id,
    userId: notice.userId,
    text: `${notice.subject}\n\n${notice.body}`,
    now: notice.now,
  });
  return true;
}

/**
 * Queues an operators' alert for their chat (src/alerts), in the transaction that raises it. The
 * chat is not a member's, so nothing is checked against a link.
 */
export async function queueTelegramAlert(
  trx: Db,
  alert: { chatId: string; text: string; now: number },
): Promise<void> {
  await queueMessage(trx, { chatId: alert.chatId, userId: null, text: alert.text, now: alert.now });
}
