import { MS_PER_DAY } from './duration.ts';

/**
 * The notice e-mails members get, and which of them a member may turn off. Essential notices
 * (money moved, a security change) always go out; the others belong to a category the member
 * can unsubscribe from (one click in the mail, or the switch in the account centre).
 */
export const MailCategory = {
  /** Membership ending in a few days, and ended. */
  REMINDERS: 'reminders',
  /** A group buy filled; an affiliate application was decided; support answered a ticket. */
  UPDATES: 'updates',
} as const;
export type MailCategory = (typeof MailCategory)[keyof typeof MailCategory];
export const MAIL_CATEGORIES: readonly MailCategory[] = [
  MailCategory.REMINDERS,
  MailCategory.UPDATES,
];

/** Every notice kind with its category; null for essential notices (no unsubscribe). */
export const NOTICE_CATEGORY = {
  order_paid: null,
  order_refunded: null,
  group_expired: null,
  kol_payout_sent: null,
  kol_wallet_changed: null,
  /** Support changed the account's sign-in e-mail (sent to the old address) or phone. */
  email_changed: null,
  phone_changed: null,
  membership_ending: MailCategory.REMINDERS,
  membership_ended: MailCategory.REMINDERS,
  /** 80 % and 100 % of the cycle's traffic allowance (traffic-quota.ts), once per cycle. */
  traffic_quota_warning: MailCategory.REMINDERS,
  traffic_quota_reached: MailCategory.REMINDERS,
  group_finished: MailCategory.UPDATES,
  kol_application_approved: MailCategory.UPDATES,
  kol_application_declined: MailCategory.UPDATES,
  ticket_reply: MailCategory.UPDATES,
} as const satisfies Record<string, MailCategory | null>;
export type NoticeKind = keyof typeof NOTICE_CATEGORY;
export const NOTICE_KINDS = Object.keys(NOTICE_CATEGORY) as NoticeKind[];

export const isNoticeKind = (kind: string): kind is NoticeKind =>
  Object.hasOwn(NOTICE_CATEGORY, kind);

export const isMailCategory = (value: unknown): value is MailCategory =>
  typeof value === 'string' && (MAIL_CATEGORIES as readonly string[]).includes(value);

/** The category a notice belongs to; null when it is essential (sent whatever the member chose). */
export function noticeCategory(kind: NoticeKind): MailCategory | null {
  return NOTICE_CATEGORY[kind];
}

/** The "ending soon" reminder goes out this long before a membership ends. */
export const MEMBERSHIP_ENDING_NOTICE_DAYS = 3;
/**
 * The "ended" notice is still sent this long after the end (the jobs were down, the server was
 * upgraded): a membership that ended earlier than that gets none.
 */
export const MEMBERSHIP_ENDED_NOTICE_DAYS = 7;

export type MembershipNotice = 'membership_ending' | 'membership_ended';

/**
 * Which membership notice is due for a membership ending at `expiresAt`: `membership_ending`
 * from MEMBERSHIP_ENDING_NOTICE_DAYS before the end until the end, `membership_ended` from the
 * end for MEMBERSHIP_ENDED_NOTICE_DAYS, else none. Each is sent once per end instant (a renewal
 * moves the end, and the new end gets its own notices).
 */
export function membershipNoticeDue(
  expiresAt: number | null,
  now: number,
): MembershipNotice | null {
  if (expiresAt === null) return null;
  if (expiresAt > now)
    return expiresAt - now <= MEMBERSHIP_ENDING_NOTICE_DAYS * MS_PER_DAY
      ? 'membership_ending'
      : null;
  return now - expiresAt <= MEMBERSHIP_ENDED_NOTICE_DAYS * MS_PER_DAY ? 'membership_ended' : null;
}

/** The ends whose notice may be due now: [from, to] for each notice (the jobs' query). */
export function membershipNoticeWindows(now: number): Record<MembershipNotice, [number, number]> {
  return {
    membership_ending: [now + 1, now + MEMBERSHIP_ENDING_NOTICE_DAYS * MS_PER_DAY],
    membership_ended: [now - MEMBERSHIP_ENDED_NOTICE_DAYS * MS_PER_DAY, now],
  };
}
