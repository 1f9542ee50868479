import { useId } from 'react';
import { clsx } from 'clsx';
import { visuallyHidden } from '../theme/utilities.css.ts';
import * as styles from './DataTable.css.ts';
import type { DataViewProps } from './types.ts';

export interface DataListProps<Row> extends DataViewProps<Row> {
  /** Level of the caption heading, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The list variant: each record is a card of name/value pairs at every width (order history,
 * invitations).
 */
export function DataList<Row>({
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
  headingLevel = 3,
}: DataListProps<Row>) {
  const captionId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      className={clsx(className)}
      aria-labelledby={captionId}
      aria-busy={loading || undefined}
    >
      <Heading id={captionId} className={hideCaption ? visuallyHidden : styles.caption}>
        {caption}
      </Heading>
      <span role="status" className={visuallyHidden}>
        {loading ? loadingLabel : ''}
      </span>
      {loading ? (
        <ul className={styles.list} aria-hidden="true">
          {Array.from({ length: skeletonRows }, (_, index) => (
            <li key={index} className={styles.listItem}>
              <div className={styles.pairs}>
                {columns.map((column) => (
                  <span key={column.key} className={styles.skeleton} />
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : rows.length === 0 ? (
        <p className={styles.emptyCell}>{emptyText}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={rowKey(row)} className={styles.listItem}>
              <dl className={styles.pairs}>
                {columns.map((column) => (
                  <div key={column.key} className={styles.pair}>
                    <dt className={styles.term}>{column.header}</dt>
                    <dd className={styles.definition}>{column.cell(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
