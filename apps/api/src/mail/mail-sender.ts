import type { PlatformServices } from '../platform/platform-services.ts';
import { claimMail, dueMail, markMailFailed, markMailSent } from './mail-store.ts';
import { noticeTexts } from './notices.ts';

/** Mails sent per run at most (the next run takes the rest). */
const BATCH = 50;

/**
 * Sends the queued notices that are due: each is claimed by a conditional update first (so two
 * processes never send one twice), then sent through the code delivery's mailer or the dev
 * outbox; a failure makes it due again, up to MAIL_MAX_ATTEMPTS. Returns how many were sent.
 */
export async function deliverQueuedMail(
  services: Pick<PlatformServices, 'db' | 'delivery'>,
  now: number,
): Promise<number> {
  let sent = 0;
  for (const mail of await dueMail(services.db, now, BATCH)) {
    if (!(await claimMail(services.db, mail, now))) continue;
    try {
      const vars = JSON.parse(mail.vars) as Record<string, string | number>;
      const texts = noticeTexts(mail.kind, mail.language, vars);
      await services.delivery.sendNotice({ to: mail.to_address, kind: mail.kind, ...texts }, now);
      await markMailSent(services.db, mail.id, now);
      sent++;
    } catch (error) {
      await markMailFailed(
        services.db,
        mail,
        error instanceof Error ? error.message : String(error),
      );
    }
  }
  return sent;
}
