export type PageRangeItem = number | 'gap-start' | 'gap-end';

/**
 * The page buttons to show: always the first and last page, `siblings` pages either side of the
 * current one, and a gap marker where pages are skipped. The list length stays constant
 * (2 * siblings + 5 when there are enough pages) so the buttons do not jump under the pointer.
 */
export function pageRange(current: number, pageCount: number, siblings = 1): PageRangeItem[] {
  const slots = 2 * siblings + 5;
  if (pageCount <= slots) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const page = Math.min(Math.max(current, 1), pageCount);
  const left = Math.max(page - siblings, 3);
  const right = Math.min(page + siblings, pageCount - 2);
  if (page - siblings <= 3) {
    return [...Array.from({ length: slots - 2 }, (_, index) => index + 1), 'gap-end', pageCount];
  }
  if (page + siblings >= pageCount - 2) {
    return [
      1,
      'gap-start',
      ...Array.from({ length: slots - 2 }, (_, index) => pageCount - (slots - 3) + index),
    ];
  }
  return [
    1,
    'gap-start',
    ...Array.from({ length: right - left + 1 }, (_, index) => left + index),
    'gap-end',
    pageCount,
  ];
}
