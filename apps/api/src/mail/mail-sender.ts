import { isNoticeKind, noticeCategory } from '@nimbus/domain';
import type { PlatformServices } from '../platform/platform-services.ts';
import {
  claimMail,
  dueMail,
  markMailFailed,
  markMailSent,
  markMailSkipped,
  type QueuedMail,
} from './mail-store.ts';
import { noticeTexts } from './notices.ts';
import { isOptedOut } from './opt-out-store.ts';
import { unsubscribeLinks, type UnsubscribeLinks } from './unsubscribe-links.ts';

/** Mails sent per run at most (the next run takes the rest). */
const BATCH = 50;

type SenderServices = Pick<PlatformServices, 'db' | 'delivery' | 'config' | 'secret'>;

/**
 * Sends the queued notices that are due: each is claimed by a conditional update first (so two
 * processes never send one twice), then sent through the code delivery's mailer or the dev
 * outbox; a failure makes it due again, up to MAIL_MAX_ATTEMPTS. A notice of a category the
 * member turned off is not sent ('skipped'); the others of a category carry its unsubscribe link
 * (in the text and as List-Unsubscribe). Returns how many were sent.
 */
export async function deliverQueuedMail(services: SenderServices, now: number): Promise<number> {
  let sent = 0;
  const links = unsubscribeLinks(services);
  for (const mail of await dueMail(services.db, now, BATCH)) {
    if (!(await claimMail(services.db, mail, now))) continue;
    try {
      if (await sendOne(services, links, mail, now)) sent++;
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

async function sendOne(
  services: SenderServices,
  links: UnsubscribeLinks,
  mail: QueuedMail,
  now: number,
): Promise<boolean> {
  const category = isNoticeKind(mail.kind) ? noticeCategory(mail.kind) : null;
  const member = mail.user_id;
  if (category !== null && member !== null && (await isOptedOut(services.db, member, category))) {
    await markMailSkipped(services.db, mail.id);
    return false;
  }
  const unsubscribe = category !== null && member !== null ? links.of(member, category) : undefined;
  const vars = JSON.parse(mail.vars) as Record<string, string | number>;
  const texts = noticeTexts(
    mail.kind,
    mail.language,
    vars,
    unsubscribe && category !== null ? { category, url: unsubscribe.page } : undefined,
  );
  await services.delivery.sendNotice(
    {
      to: mail.to_address,
      kind: mail.kind,
      ...texts,
      ...(unsubscribe ? { unsubscribe } : {}),
    },
    now,
  );
  await markMailSent(services.db, mail.id, now);
  return true;
}
