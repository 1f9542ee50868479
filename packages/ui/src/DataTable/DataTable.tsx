import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './DataTable.css.ts';
import type { DataColumn, DataViewProps } from './types.ts';

export type DataTableProps<Row> = DataViewProps<Row>;

const alignClass = (align: DataColumn<unknown>['align']) =>
  align === 'end' ? styles.alignEnd : align === 'center' ? styles.alignCenter : undefined;

/**
 * Whether the element scrolls sideways now (its content is wider than it), kept up to date as
 * either changes size.
 */
function useScrollsSideways<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);
  return { ref, scrolls };
}

/**
 * A data table. On 375 px each row becomes a stacked card with the column name beside each
 * value; the explicit ARIA roles keep the table semantics that some browsers drop when CSS
 * changes a table's display. On a desktop a table wider than its column scrolls sideways (cells
 * keep words whole); the scrolling region then takes the keyboard focus, named by the caption,
 * so arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  hideCaption = false,
  loading = false,
  loadingLabel,
  emptyText,
  skeletonRows = 3,
  className,
}: DataTableProps<Row>) {
  const captionId = useId();
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className={clsx(styles.wrapper, className)}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-labelledby': captionId } : {})}
    >
      <span role="status" className={visuallyHidden}>
        {loading ? loadingLabel : ''}
      </span>
      <table role="table" className={styles.table} aria-busy={loading || undefined}>
        <caption id={captionId} className={hideCaption ? visuallyHidden : styles.caption}>
          {caption}
        </caption>
        <thead role="rowgroup" className={styles.head}>
          <tr role="row">
            {columns.map((column) => (
              <th
                role="columnheader"
                key={column.key}
                scope="col"
                className={clsx(styles.headerCell, alignClass(column.align))}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={styles.body}>
          {loading ? (
            Array.from({ length: skeletonRows }, (_, index) => (
              <tr role="row" key={`skeleton-${index}`} className={styles.row} aria-hidden="true">
                {columns.map((column) => (
                  <td role="cell" key={column.key} className={styles.cell}>
                    <span className={styles.skeleton} />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr role="row">
              <td role="cell" colSpan={columns.length} className={styles.emptyCell}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr role="row" key={rowKey(row)} className={styles.row}>
                {columns.map((column) => (
                  <td
                    role="cell"
                    key={column.key}
                    className={clsx(styles.cell, alignClass(column.align))}
                  >
                    <span className={styles.cellLabel} aria-hidden="true">
                      {column.header}
                    </span>
                    <span>{column.cell(row)}</span>
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
