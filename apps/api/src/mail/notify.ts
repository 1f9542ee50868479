import { noticeCategory, type Language, type NoticeKind } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { queueTelegramNotice } from '../telegram/index.ts';
import { findUserById } from '../accounts/index.ts';
import { queueMail } from './mail-store.ts';
import { languageOf, noticeTexts, type NoticeVars } from './notices.ts';
import { optedOutCategories } from './opt-out-store.ts';

/**
 * Queues a notice for a member, in their language, inside the transaction that makes the change
 * it tells about (src/mail/README.md): an e-mail to their address, and the same texts to the
 * Telegram chat they linked (src/telegram) unless they turned Telegram notices off. `vars` gets
 * the member's language for the texts that depend on it (amounts, dates, product names). A
 * deleted account gets nothing, a phone account no e-mail. Whether the member turned the notice's
 * category off is judged when the e-mail is sent, and for Telegram now (the chat's message has no
 * unsubscribe link to honour later). Returns whether anything was queued.
 */
export async function notifyMember(
  trx: Db,
  input: {
    userId: number;
    kind: NoticeKind;
    vars: (language: Language) => NoticeVars;
    now: number;
  },
): Promise<boolean> {
  const user = await findUserById(trx, input.userId);
  if (!user) return false;
  const vars = input.vars(languageOf(user.language));
  let queued = false;
  if (user.email) {
    await queueMail(trx, {
      to: user.email,
      userId: input.userId,
      language: user.language,
      kind: input.kind,
      vars,
      now: input.now,
    });
    queued = true;
  }
  const category = noticeCategory(input.kind);
  const { subject, body } = noticeTexts(input.kind, user.language, vars);
  // The opt-outs are read only for a member with a Telegram chat (most have none).
  const wanted = async () =>
    category === null || !(await optedOutCategories(trx, input.userId)).has(category);
  if (
    await queueTelegramNotice(trx, { userId: input.userId, subject, body, now: input.now, wanted })
  )
    queued = true;
  return queued;
}
