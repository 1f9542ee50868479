import { describe, expect, test } from 'vitest';
import {
  currencyDigits,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoment,
  formatMoney,
  formatTime,
  formatBytes,
  formatNumber,
  formatPercent,
} from './format.ts';

// 2026-01-05 15:04:09 UTC
const at = Date.UTC(2026, 0, 5, 15, 4, 9);

describe('dates', () => {
  test.each([
    ['en', 'UTC', 'Jan 5, 2026'],
    ['zh-CN', 'UTC', '2026年1月5日'],
    ['zh-CN', 'Asia/Shanghai', '2026年1月5日'],
    ['en', 'Pacific/Kiritimati', 'Jan 6, 2026'],
  ] as const)('formatDate in %s (%s)', (language, timeZone, expected) => {
    expect(formatDate(at, language, { timeZone })).toBe(expected);
  });

  test.each([
    ['en', 'UTC', 'Jan 5, 2026, 3:04 PM'],
    ['zh-CN', 'UTC', '2026年1月5日 15:04'],
    ['zh-CN', 'Asia/Shanghai', '2026年1月5日 23:04'],
  ] as const)('formatDateTime in %s (%s)', (language, timeZone, expected) => {
    expect(formatDateTime(at, language, { timeZone }).replace(/\u202f/g, ' ')).toBe(expected);
  });

  test.each([
    ['en', 'UTC', '3:04 PM'],
    ['zh-CN', 'UTC', '15:04'],
  ] as const)('formatTime in %s (%s)', (language, timeZone, expected) => {
    expect(formatTime(at, language, { timeZone }).replace(/\u202f/g, ' ')).toBe(expected);
  });

  test('a date a day or more ahead, or past; under a day, the time and what is left', () => {
    const utc = { timeZone: 'UTC' };
    const text = (now: number, language: 'en' | 'zh-CN' = 'en') => {
      const moment = formatMoment(at, now, language, utc);
      return moment.kind === 'date'
        ? moment
        : { ...moment, time: moment.time.replace(/\u202f/g, ' ') };
    };
    const minute = 60_000;
    expect(text(at - 30 * 24 * 60 * minute)).toEqual({ kind: 'date', date: 'Jan 5, 2026' });
    expect(text(at - 24 * 60 * minute)).toEqual({ kind: 'date', date: 'Jan 5, 2026' });
    expect(text(at + minute)).toEqual({ kind: 'date', date: 'Jan 5, 2026' });
    expect(text(at)).toEqual({ kind: 'date', date: 'Jan 5, 2026' });
    // The 3-hour and 15-minute trials.
    expect(text(at - 180 * minute)).toEqual({
      kind: 'time',
      time: '3:04 PM',
      left: '3 hours',
    });
    expect(text(at - 15 * minute, 'zh-CN')).toEqual({
      kind: 'time',
      time: '15:04',
      left: '15分钟',
    });
    expect(text(at - 14 * minute - 30_000)).toMatchObject({
      left: '14 minutes',
    });
    expect(text(at - 45_000)).toMatchObject({ left: '45 seconds' });
    // Under a day but on the calendar day before: the date is named with the time.
    expect(text(at - 20 * 60 * minute)).toEqual({
      kind: 'time',
      time: 'Jan 5, 2026, 3:04 PM',
      left: '20 hours',
    });
  });

  test('a Date works as well as UTC milliseconds', () => {
    expect(formatDate(new Date(at), 'en', { timeZone: 'UTC' })).toBe(
      formatDate(at, 'en', { timeZone: 'UTC' }),
    );
  });

  test('an invalid date is refused rather than shown as "Invalid Date"', () => {
    expect(() => formatDate(Number.NaN, 'en')).toThrow(RangeError);
  });
});

describe('money in integer minor units', () => {
  test.each([
    [1999, 'USD', 'en', '$19.99'],
    [1999, 'USD', 'zh-CN', 'US$19.99'],
    [0, 'USD', 'en', '$0.00'],
    [5, 'USD', 'en', '$0.05'],
    [-1050, 'USD', 'en', '-$10.50'],
    [123456789, 'USD', 'en', '$1,234,567.89'],
    [9900, 'CNY', 'zh-CN', '¥99.00'],
    [9900, 'CNY', 'en', 'CN¥99.00'],
    [1999, 'JPY', 'en', '¥1,999'],
    [1999, 'JPY', 'zh-CN', 'JP¥1,999'],
    [12345, 'KWD', 'en', 'KWD 12.345'],
    [1999, 'usd', 'en', '$19.99'],
  ] as const)('%i %s in %s is %s', (minor, currency, language, expected) => {
    expect(formatMoney(minor, currency, language).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  test('amounts beyond float precision stay exact', () => {
    expect(formatMoney(123456789012345678901n, 'USD', 'en')).toBe('$1,234,567,890,123,456,789.01');
  });

  test('a fractional or unsafe number of minor units is a programming error', () => {
    expect(() => formatMoney(19.99, 'USD', 'en')).toThrow(RangeError);
    expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 2, 'USD', 'en')).toThrow(RangeError);
  });

  test('minor-unit digits come from the currency', () => {
    expect([
      currencyDigits('USD'),
      currencyDigits('JPY'),
      currencyDigits('KWD'),
      currencyDigits('CNY'),
    ]).toEqual([2, 0, 3, 2]);
  });
});

describe('durations in days, hours and minutes', () => {
  const minute = 60;
  const hour = 60 * minute;
  const day = 24 * hour;
  test.each([
    [15 * minute, 'en', '15 minutes'],
    [15 * minute, 'zh-CN', '15分钟'],
    [minute, 'en', '1 minute'],
    [3 * hour, 'en', '3 hours'],
    [3 * hour, 'zh-CN', '3小时'],
    [day, 'en', '1 day'],
    [30 * day, 'zh-CN', '30天'],
    [3 * day + 4 * hour, 'en', '3 days 4 hours'],
    [3 * day + 4 * hour, 'zh-CN', '3天4小时'],
    [day + hour + minute + 59, 'en', '1 day 1 hour 1 minute'],
    [day + hour + minute, 'zh-CN', '1天1小时1分钟'],
    [2 * day + 5 * minute, 'en', '2 days 5 minutes'],
    [45, 'en', '45 seconds'],
    [45, 'zh-CN', '45秒'],
    [0, 'en', '0 seconds'],
  ] as const)('%i s in %s is %s', (seconds, language, expected) => {
    expect(formatDuration(seconds, language)).toBe(expected);
  });

  test('maxUnits keeps the largest units, for a compact countdown', () => {
    expect(formatDuration(2 * day + 3 * hour + 4 * minute, 'en', { maxUnits: 2 })).toBe(
      '2 days 3 hours',
    );
    expect(formatDuration(2 * day + 3 * hour + 4 * minute, 'zh-CN', { maxUnits: 1 })).toBe('2天');
  });

  test('negative or non-finite durations are refused', () => {
    expect(() => formatDuration(-1, 'en')).toThrow(RangeError);
    expect(() => formatDuration(Number.POSITIVE_INFINITY, 'en')).toThrow(RangeError);
  });
});

describe('percentages and numbers', () => {
  test.each([
    [25, 'en', '25%'],
    [25, 'zh-CN', '25%'],
    [99.999, 'en', '99.999%'],
    [12.5, 'zh-CN', '12.5%'],
    [100, 'en', '100%'],
  ] as const)('%d percent in %s is %s', (percent, language, expected) => {
    expect(formatPercent(percent, language)).toBe(expected);
  });

  test('fraction digits can be limited', () => {
    expect(formatPercent(33.3333, 'en', { maximumFractionDigits: 1 })).toBe('33.3%');
  });

  test('numbers are grouped', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'zh-CN')).toBe('1,234,567');
  });
});

describe('formatBytes', () => {
  test.each([
    [0, 'en', '0B'],
    [999, 'en', '999B'],
    [1_000, 'en', '1 kB'],
    [12_345, 'en', '12.3 kB'],
    [123_456, 'en', '123 kB'],
    [1_234_567, 'en', '1.23 MB'],
    [1_049_000_000, 'zh-CN', '1.05 GB'],
    [-5, 'en', '0B'],
  ] as const)('%s bytes in %s: %s', (bytes, language, expected) => {
    expect(formatBytes(bytes, language)).toBe(expected);
  });
});
