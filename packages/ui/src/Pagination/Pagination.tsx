import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../icons/icons.tsx';
import { pageRange } from './page-range.ts';
import * as styles from './Pagination.css.ts';

export const defaultPageSizes = [10, 20, 50, 100] as const;

export interface PaginationProps {
  /** Current page, from 1. */
  page: number;
  pageSize: number;
  /** Number of records over all pages. */
  total: number;
  onPageChange: (page: number) => void;
  /**
   * Called with the new size; the component also moves back to page 1. Omit to hide the selector.
   */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizeOptions?: readonly number[];
  /** Names the navigation landmark, e.g. "Pagination". */
  label: string;
  previousLabel: string;
  nextLabel: string;
  /** Accessible name of a page button, e.g. (n) => `Page ${n}`. */
  pageLabel: (page: number) => string;
  /** Accessible name of the page size select, e.g. "Records per page". */
  pageSizeLabel: string;
  /** Appended to each page size option (spec section 9: '/ page'). */
  pageSizeSuffix: string;
  /**
   * Optional text before the controls, e.g. ({ from, to, total }) => `${from}-${to} of ${total}`.
   */
  summary?: (range: { from: number; to: number; total: number }) => ReactNode;
  className?: string;
}

/**
 * Page buttons with previous/next and a page size select. On 375 px only the pages near the current
 * one stay.
 */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizeOptions = defaultPageSizes,
  label,
  previousLabel,
  nextLabel,
  pageLabel,
  pageSizeLabel,
  pageSizeSuffix,
  summary,
  className,
}: PaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(page, 1), pageCount);
  const go = (next: number) => {
    if (next !== current && next >= 1 && next <= pageCount) onPageChange(next);
  };
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(current * pageSize, total);
  const sizes = pageSizeOptions.includes(pageSize)
    ? pageSizeOptions
    : [...pageSizeOptions, pageSize].sort((a, b) => a - b);

  return (
    <nav aria-label={label} className={clsx(styles.nav, className)}>
      {summary && <span className={styles.summary}>{summary({ from, to, total })}</span>}
      <ul className={styles.list}>
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={previousLabel}
            disabled={current <= 1}
            onClick={() => go(current - 1)}
          >
            <ChevronLeftIcon />
          </button>
        </li>
        {pageRange(current, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li
              key={item}
              className={styles.pageItem}
              data-near={Math.abs(item - current) <= 1 || item === 1 || item === pageCount}
            >
              <button
                type="button"
                className={styles.pageButton}
                aria-label={pageLabel(item)}
                aria-current={item === current ? 'page' : undefined}
                onClick={() => go(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.gap} aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.pageButton}
            aria-label={nextLabel}
            disabled={current >= pageCount}
            onClick={() => go(current + 1)}
          >
            <ChevronRightIcon />
          </button>
        </li>
      </ul>
      {onPageSizeChange && (
        <select
          className={styles.sizeSelect}
          aria-label={pageSizeLabel}
          value={pageSize}
          onChange={(event) => {
            onPageSizeChange(Number(event.target.value));
            if (current !== 1) onPageChange(1);
          }}
        >
          {sizes.map((size) => (
            <option key={size} value={size}>{`${size} ${pageSizeSuffix}`}</option>
          ))}
        </select>
      )}
    </nav>
  );
}
