import { describe, expect, test } from 'vitest';
import {
  cappedTotal,
  pageRequest,
  SEARCH_TOTAL_CAP,
  searchPageRequest,
  totalPages,
} from './pagination.ts';

describe('pagination', () => {
  test.each<[string, unknown, unknown, object]>([
    ['page 1 of 10 starts at 0', 1, 10, { page: 1, pageSize: 10, offset: 0, limit: 10 }],
    ['page 3 of 20 starts at 40', 3, 20, { page: 3, pageSize: 20, offset: 40, limit: 20 }],
    [
      'query strings are read as numbers',
      '2',
      '50',
      { page: 2, pageSize: 50, offset: 50, limit: 50 },
    ],
    ['page 0 becomes page 1', 0, 10, { page: 1, pageSize: 10, offset: 0, limit: 10 }],
    ['a negative page becomes page 1', -4, 10, { page: 1, pageSize: 10, offset: 0, limit: 10 }],
    ['a page size over 100 is capped', 1, 5_000, { page: 1, pageSize: 100, offset: 0, limit: 100 }],
    ['a page size of 0 becomes 1', 1, 0, { page: 1, pageSize: 1, offset: 0, limit: 1 }],
    [
      'no values take the defaults',
      undefined,
      undefined,
      { page: 1, pageSize: 10, offset: 0, limit: 10 },
    ],
    ['text takes the defaults', 'abc', '', { page: 1, pageSize: 10, offset: 0, limit: 10 }],
    [
      'fractions are cut to whole numbers',
      2.7,
      10.9,
      { page: 2, pageSize: 10, offset: 10, limit: 10 },
    ],
  ])('%s', (_rule, page, size, expected) => {
    expect(pageRequest(page, size)).toEqual(expected);
  });

  test.each([
    ['an empty list has no pages', 0, 10, 0],
    ['10 items fill 1 page of 10', 10, 10, 1],
    ['11 items need 2 pages', 11, 10, 2],
    ['a page size of 0 counts as 1', 3, 0, 3],
  ])('%s', (_rule, total, size, expected) => {
    expect(totalPages(total, size)).toBe(expected);
  });

  test('a console search reads its pages up to the cap and nothing past it', () => {
    expect(SEARCH_TOTAL_CAP).toBe(10_000);
    expect(searchPageRequest(500, 20)).toEqual({
      page: 500,
      pageSize: 20,
      offset: 9_980,
      limit: 20,
    });
    expect(searchPageRequest(501, 20)).toEqual({
      page: 501,
      pageSize: 20,
      offset: 10_000,
      limit: 0,
    });
  });

  test.each([
    ['a count under the cap is the total', 42, { total: 42, totalCapped: false }],
    ['exactly the cap is still exact', 10_000, { total: 10_000, totalCapped: false }],
    ['one past the cap reads as the cap, capped', 10_001, { total: 10_000, totalCapped: true }],
  ])('%s', (_rule, counted, expected) => {
    expect(cappedTotal(counted)).toEqual(expected);
  });
});
