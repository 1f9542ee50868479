import type { Language, NoticeKind } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { findUserById } from '../users/user-store.ts';
import { queueMail } from './mail-store.ts';
import { languageOf, type NoticeVars } from './notices.ts';

/**
 * Queues a notice for a member, in their language, inside the transaction that makes the change
 * it tells about (src/mail/README.md). `vars` gets the member's language for the texts that
 * depend on it (amounts, dates, product names). A member without an e-mail address (a phone
 * account) or a deleted account gets nothing; whether they turned the notice's category off is
 * judged when it is sent. Returns whether a mail was queued.
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
  if (!user?.email) return false;
  await queueMail(trx, {
    to: user.email,
    userId: input.userId,
    language: user.language,
    kind: input.kind,
    vars: input.vars(languageOf(user.language)),
    now: input.now,
  });
  return true;
}
