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
