import { describe, expect, test } from 'vitest';
import { MS_PER_DAY } from './duration.ts';
import {
  isMailCategory,
  isNoticeKind,
  MEMBERSHIP_ENDED_NOTICE_DAYS,
  MEMBERSHIP_ENDING_NOTICE_DAYS,
  membershipNoticeDue,
  membershipNoticeWindows,
  noticeCategory,
} from './mail-notices.ts';

const now = Date.UTC(2026, 10, 26, 12);

describe('notice categories', () => {
  test('money and security notices are essential; reminders and updates can be turned off', () => {
    expect(noticeCategory('order_paid')).toBeNull();
    expect(noticeCategory('order_refunded')).toBeNull();
    expect(noticeCategory('group_expired')).toBeNull();
    expect(noticeCategory('kol_payout_sent')).toBeNull();
    expect(noticeCategory('kol_wallet_changed')).toBeNull();
    expect(noticeCategory('email_changed')).toBeNull();
    expect(noticeCategory('phone_changed')).toBeNull();
    expect(noticeCategory('membership_ending')).toBe('reminders');
    expect(noticeCategory('membership_ended')).toBe('reminders');
    expect(noticeCategory('group_finished')).toBe('updates');
    expect(noticeCategory('kol_application_declined')).toBe('updates');
  });

  test('kinds and categories are recognised, nothing else', () => {
    expect(isNoticeKind('order_paid')).toBe(true);
    expect(isNoticeKind('toString')).toBe(false);
    expect(isMailCategory('reminders')).toBe(true);
    expect(isMailCategory('marketing')).toBe(false);
    expect(isMailCategory(1)).toBe(false);
  });
});

describe('membershipNoticeDue', () => {
  test.each([
    ['never had one', null, null],
    ['ends in a month', now + 30 * MS_PER_DAY, null],
    ['ends just outside the reminder', now + MEMBERSHIP_ENDING_NOTICE_DAYS * MS_PER_DAY + 1, null],
    [
      'ends in exactly 3 days',
      now + MEMBERSHIP_ENDING_NOTICE_DAYS * MS_PER_DAY,
      'membership_ending',
    ],
    ['ends in a minute', now + 60_000, 'membership_ending'],
    ['ends now', now, 'membership_ended'],
    ['ended 7 days ago', now - MEMBERSHIP_ENDED_NOTICE_DAYS * MS_PER_DAY, 'membership_ended'],
    ['ended longer ago', now - MEMBERSHIP_ENDED_NOTICE_DAYS * MS_PER_DAY - 1, null],
  ] as const)('%s', (_l, expiresAt, due) => {
    expect(membershipNoticeDue(expiresAt, now)).toBe(due);
  });

  test('the windows hold exactly the ends with a notice due', () => {
    const windows = membershipNoticeWindows(now);
    for (const [notice, [from, to]] of Object.entries(windows)) {
      expect(membershipNoticeDue(from, now)).toBe(notice);
      expect(membershipNoticeDue(to, now)).toBe(notice);
      expect(membershipNoticeDue(from - 1, now)).not.toBe(notice);
      expect(membershipNoticeDue(to + 1, now)).not.toBe(notice);
    }
  });
});
