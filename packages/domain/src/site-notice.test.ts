import { describe, expect, test } from 'vitest';
import { noticeInForce, visibleNotices } from './site-notice.ts';

const NOW = Date.UTC(2026, 10, 26, 12);
const HOUR = 3_600_000;

describe('site notices', () => {
  test.each([
    ['no window is always shown', null, null, true],
    ['started an hour ago, open-ended', NOW - HOUR, null, true],
    ['starts in an hour', NOW + HOUR, null, false],
    ['starts exactly now', NOW, null, true],
    ['ended an hour ago', null, NOW - HOUR, false],
    ['ends exactly now (the end is exclusive)', null, NOW, false],
    ['inside its window', NOW - HOUR, NOW + HOUR, true],
  ])('%s', (_name, startsAt, endsAt, expected) => {
    expect(noticeInForce({ startsAt, endsAt }, NOW)).toBe(expected);
  });

  test('a dismissed notice is hidden, others in force stay, order kept', () => {
    const notices = [
      { id: 'a', startsAt: null, endsAt: null },
      { id: 'b', startsAt: null, endsAt: null },
      { id: 'c', startsAt: NOW + HOUR, endsAt: null },
      { id: 'd', startsAt: null, endsAt: null },
    ];
    expect(visibleNotices(notices, new Set(['b']), NOW).map((n) => n.id)).toEqual(['a', 'd']);
    expect(visibleNotices(notices, new Set(), NOW).map((n) => n.id)).toEqual(['a', 'b', 'd']);
  });
});
