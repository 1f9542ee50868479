import { Type, type Static, type TSchema } from 'typebox';

/**
 * Building blocks shared by the record and endpoint schemas. Money is integer minor units plus
 * an ISO 4217 code; time is UTC milliseconds; durations are integer seconds or days.
 */

/** The latest time a JavaScript Date holds (year 275760): later is no time at all. */
export const TIMESTAMP_MAX = 8_640_000_000_000_000;
/** UTC milliseconds since the epoch. */
export const Timestamp = Type.Integer({
  minimum: 0,
  maximum: TIMESTAMP_MAX,
  description: 'UTC milliseconds',
});
/** UTC milliseconds, or 0 when there is none (for example no Lite membership). */
export const TimestampOrZero = Type.Integer({
  minimum: 0,
  maximum: TIMESTAMP_MAX,
  description: 'UTC milliseconds, 0 when none',
});
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const MinorUnits = Type.Integer({ description: 'integer minor units (cents)' });
export const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' });
export const Money = Type.Object({ amountMinor: MinorUnits, currency: Currency });
export type Money = Static<typeof Money>;

/** Opaque identifiers are strings: they never lose precision in JavaScript. */
export const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A database row id as a string: 1 to 15 digits, so it never parses as 1e999 or past 2^53. */
export const NumericId = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });
export const NullableString = Type.Union([Type.String(), Type.Null()]);

export const YesNo = Type.Enum([0, 1] as const);
export const Percent = Type.Number({ minimum: 0, maximum: 100 });

/** The data of a call that answers nothing but success. */
export const Empty = Type.Null();
/** The payload of a call that takes no input. */
export const NoInput = Type.Object({}, { additionalProperties: false });

export const PAGE_SIZE_MAX = 100;
/**
 * The highest page number a list takes: far past the end of any list, and an offset
 * (x PAGE_SIZE_MAX) every database takes. Every request's `page` is this schema, so that a page
 * of 1e308 is a validation error, not a query that fails.
 */
export const PAGE_MAX = 1_000_000;
export const PageNumber = Type.Integer({ minimum: 1, maximum: PAGE_MAX });
export const PageRequest = Type.Object(
  {
    page: PageNumber,
    pageSize: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX }),
  },
  { additionalProperties: false },
);
export type PageRequest = Static<typeof PageRequest>;

/** One page of a list: `page` is 1-based, `total` counts every item of the list. */
export function Page<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page of a console search: `total` counts the matches up to domain SEARCH_TOTAL_CAP
 * (10,000), and `totalCapped` says more match than that (the console shows "10,000+"); pages stop
 * at the cap, a narrower search reaches the rest. The count then stays bounded on any table.
 */
export function SearchPage<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    totalCapped: Type.Boolean(),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
}

/** A text the server holds in both languages (notices, not UI strings). */
export const LocalizedText = Type.Object({ en: Type.String(), 'zh-CN': Type.String() });
export type LocalizedText = Static<typeof LocalizedText>;
