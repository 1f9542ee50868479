import { clsx } from 'clsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './DataTable.css.ts';
import type { DataColumn, DataViewProps } from './types.ts';

export type DataTableProps<Row> = DataViewProps<Row>;

const alignClass = (align: DataColumn<unknown>['align']) =>
  align === 'end' ? styles.alignEnd : align === 'center' ? styles.alignCenter : undefined;

/**
 * A data table. On 375 px each row becomes a stacked card with the column name beside each
 * value; the explicit ARIA roles keep the table semantics that some browsers drop when CSS
 * changes a table's display.
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
  return (
    <div className={clsx(styles.wrapper, className)}>
      <span role="status" className={visuallyHidden}>
        {loading ? loadingLabel : ''}
      </span>
      <table role="table" className={styles.table} aria-busy={loading || undefined}>
        <caption className={hideCaption ? visuallyHidden : styles.caption}>{caption}</caption>
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
