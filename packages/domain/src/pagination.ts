import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants.ts';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly offset: number;
  readonly limit: number;
}

function wholeOr(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

/**
 * A list request's page, clamped: page from 1, page size from 1 to 100 (default 10). Anything
 * that is not a number (absent, "abc") takes the default, so a bad query never fails a list.
 */
export function pageRequest(page: unknown, pageSize: unknown): PageRequest {
  const p = Math.max(1, wholeOr(page, 1));
  const size = Math.min(PAGE_SIZE_MAX, Math.max(1, wholeOr(pageSize, PAGE_SIZE_DEFAULT)));
  return { page: p, pageSize: size, offset: (p - 1) * size, limit: size };
}

/** Pages needed for `total` items; 0 for an empty list. */
export function totalPages(total: number, pageSize: number): number {
  return total <= 0 ? 0 : Math.ceil(total / Math.max(1, pageSize));
}

/**
 * The console's searches count their matches up to this many (docs/admin.md): past it the total
 * reads "10,000+" and the pages stop at it (a narrower search reaches the rest). Counting and
 * paging then stay bounded however many rows match.
 */
export const SEARCH_TOTAL_CAP = 10_000;

/** A console search's page: as pageRequest, but a page past the cap reads nothing (limit 0). */
export function searchPageRequest(page: unknown, pageSize: unknown): PageRequest {
  const request = pageRequest(page, pageSize);
  return request.offset >= SEARCH_TOTAL_CAP ? { ...request, limit: 0 } : request;
}

/**
 * A console search's total from its matches counted up to one past the cap: the count, or the
 * cap with `totalCapped` when more match.
 */
export function cappedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > SEARCH_TOTAL_CAP
    ? { total: SEARCH_TOTAL_CAP, totalCapped: true }
    : { total: counted, totalCapped: false };
}
