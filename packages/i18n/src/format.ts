import { type Language } from './languages.ts';

/**
 * Formatting through Intl, for both languages. Every function takes the UI language rather
 * than reading a global, so the server can format for the language of each request.
 */

export type DateInput = Date | number;

export interface DateFormatOptions {
  /** IANA zone; the runtime's zone (the user's, in a browser) when omitted. */
  timeZone?: string;
}

const LOCALES: Record<Language, string> = { en: 'en-US', 'zh-CN': 'zh-CN' };

/** The BCP 47 locale Intl uses for a UI language. */
export function intlLocale(language: Language): string {
  return LOCALES[language];
}

// Intl formatters are costly to build and tables format thousands of cells: keep them.
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = cache.get(key);
  if (formatter === undefined) {
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter as T;
}

function toDate(value: DateInput): Date {
  const date = typeof value === 'number' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid date: ${String(value)}`);
  return date;
}

/** A cached date-time formatter of `kind` for the language (and time zone, if given). */
function dateTimeFormat(
  kind: string,
  language: Language,
  { timeZone }: DateFormatOptions,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(
    `${kind}|${language}|${timeZone ?? ''}`,
    () =>
      new Intl.DateTimeFormat(intlLocale(language), {
        ...options,
        ...(timeZone ? { timeZone } : {}),
      }),
  );
}

/** 12-hour clock in English, 24-hour in Chinese. */
const hourCycleOf = (language: Language) => (language === 'en' ? 'h12' : 'h23');

/** A calendar date: "Jan 5, 2026" / "2026年1月5日". Takes UTC milliseconds or a Date. */
export function formatDate(
  value: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): string {
  return dateTimeFormat('date', language, options, { dateStyle: 'medium' }).format(toDate(value));
}

/** Date and time to the minute: "Jan 5, 2026, 3:04 PM" / "2026年1月5日 15:04". */
export function formatDateTime(
  value: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): string {
  return dateTimeFormat('datetime', language, options, {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: hourCycleOf(language),
  }).format(toDate(value));
}

/** The time of day to the minute: "3:04 PM" / "15:04". */
export function formatTime(
  value: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): string {
  return dateTimeFormat('time', language, options, {
    timeStyle: 'short',
    hourCycle: hourCycleOf(language),
  }).format(toDate(value));
}

/** Below this, a moment ahead is shown as a time and a countdown rather than a date. */
export const NEAR_MOMENT_MS = 86_400_000;

/**
 * How a moment something ends (an expiry, a trial) reads at `now`:
 * - `date`: a day or more ahead, or already past: its calendar date ("Nov 26, 2026");
 * - `time`: under a day ahead: the time to the minute ("3:04 PM"; with the date when it falls on
 *   another calendar day, "Nov 27, 2026, 1:04 AM") and the time left ("2 hours 59 minutes",
 *   "45 seconds"), so a 15-minute trial never reads as a date.
 */
export type MomentText =
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'time'; readonly time: string; readonly left: string };

export function formatMoment(
  at: DateInput,
  now: DateInput,
  language: Language,
  options: DateFormatOptions = {},
): MomentText {
  const end = toDate(at);
  const left = end.getTime() - toDate(now).getTime();
  if (left <= 0 || left >= NEAR_MOMENT_MS)
    return { kind: 'date', date: formatDate(end, language, options) };
  const sameDay = formatDate(end, language, options) === formatDate(now, language, options);
  return {
    kind: 'time',
    time: sameDay ? formatTime(end, language, options) : formatDateTime(end, language, options),
    left: formatDuration(Math.ceil(left / 1000), language, { maxUnits: 2 }),
  };
}

/**
 * How many decimal digits a currency's minor unit has (USD 2, JPY 0, KWD 3), per ISO 4217 as Intl
 * knows it.
 */
export function currencyDigits(currency: string): number {
  return (
    cached(
      `digits|${currency}`,
      () => new Intl.NumberFormat('en', { style: 'currency', currency }),
    ).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/**
 * Builds a number formatter in a task of its own, soon, in a browser. The first Intl.NumberFormat
 * of a page loads ICU's number data: about 15 ms on a mid-range phone, which otherwise lands in
 * the render that first shows a price (a long task when the plans arrive). Pages that show
 * money call it as their module loads; later formatters of any language then take a millisecond.
 */
export function prepareNumberFormatting(currency = 'USD'): void {
  if (!('document' in globalThis)) return;
  setTimeout(() => currencyDigits(currency), 0);
}

/**
 * An amount kept in integer minor units: formatMoney(1999, 'USD', 'en') is "$19.99",
 * formatMoney(1999, 'JPY', 'en') is "¥1,999". The decimal is placed as text, never by
 * floating-point division, so large amounts stay exact.
 */
export function formatMoney(
  minorUnits: number | bigint,
  currency: string,
  language: Language,
): string {
  if (typeof minorUnits === 'number' && !Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${minorUnits}`);
  }
  const code = currency.toUpperCase();
  const digits = currencyDigits(code);
  const formatter = cached(
    `money|${language}|${code}`,
    () =>
      // The full symbol keeps currencies apart ("US$" beside "¥" in Chinese, "CN¥" in English).
      new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: code }),
  );
  return formatter.format(minorToDecimalString(BigInt(minorUnits), digits) as `${number}`);
}

function minorToDecimalString(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const abs = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  const fraction = abs.slice(abs.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

export interface DurationFormatOptions {
  /** Show at most this many units, largest first (a countdown may want 2). Default 3. */
  maxUnits?: number;
}

const UNITS = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
] as const;

/**
 * A length of time in days, hours and minutes: "3 days 4 hours" / "3天4小时". The remainder
 * below a minute is dropped; a duration shorter than a minute is shown in seconds.
 */
export function formatDuration(
  seconds: number,
  language: Language,
  options: DurationFormatOptions = {},
): string {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`A duration must be 0 or more seconds, got ${seconds}`);
  const total = Math.floor(seconds);
  const locale = intlLocale(language);
  // Chinese "long" seconds read "45秒钟"; the short forms (秒, 分钟, 小时, 天) are what people write.
  const unitDisplay = language === 'en' ? 'long' : 'short';
  const unit = (name: string, value: number): string =>
    cached(
      `unit|${language}|${name}`,
      () => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay }),
    ).format(value);

  if (total < 60) return unit('second', total);

  const parts: string[] = [];
  let rest = total;
  for (const [name, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(unit(name, count));
  }
  const shown = parts.slice(0, Math.max(1, options.maxUnits ?? 3));
  return cached(
    `list|${language}`,
    () => new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }),
  ).format(shown);
}

export interface PercentFormatOptions {
  /** Default 3, so the marketing "99.999%" is never rounded up to 100%. */
  maximumFractionDigits?: number;
}

/** A percentage given in percent (25 is "25%", 99.999 is "99.999%"), as the domain keeps rates. */
export function formatPercent(
  percent: number,
  language: Language,
  options: PercentFormatOptions = {},
): string {
  const digits = options.maximumFractionDigits ?? 3;
  return cached(
    `percent|${language}|${digits}`,
    () =>
      new Intl.NumberFormat(intlLocale(language), {
        style: 'percent',
        maximumFractionDigits: digits,
      }),
  ).format(percent / 100);
}

/** A plain number with grouping: "12,345" in both languages. */
export function formatNumber(value: number, language: Language): string {
  return cached(`number|${language}`, () => new Intl.NumberFormat(intlLocale(language))).format(
    value,
  );
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte'] as const;

/**
 * A byte count in the largest decimal unit that keeps it at 1 or more (SI, as operators and clients
 * quote traffic): "0B" / "12.3 MB" / "1.05 GB", at most three significant digits past 1 KB.
 */
export function formatBytes(bytes: number, language: Language): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const name = BYTE_UNITS[unit] ?? 'byte';
  const digits = unit === 0 || value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return cached(
    `bytes|${language}|${name}|${digits}`,
    () =>
      new Intl.NumberFormat(intlLocale(language), {
        style: 'unit',
        unit: name,
        // "999 B" rather than "999 byte"; larger units read the same either way.
        unitDisplay: unit === 0 ? 'narrow' : 'short',
        maximumFractionDigits: digits,
      }),
  ).format(value);
}
