import type { ReactNode } from 'react';
import * as styles from './DetailList.css.ts';

export interface DetailItem {
  key: string;
  term: ReactNode;
  value: ReactNode;
  /** Controls beside the value (copy, renew...). */
  actions?: ReactNode;
}

/** Name/value rows (user id, expiry, invite code); stacked on 375 px, in columns on desktop. */
export function DetailList({ items }: { items: readonly DetailItem[] }) {
  return (
    <dl className={styles.list}>
      {items.map((item) => (
        <div key={item.key} className={styles.row}>
          <dt className={styles.term}>{item.term}</dt>
          <dd className={styles.value}>
            <span className={styles.text}>{item.value}</span>
            {item.actions && <span className={styles.actions}>{item.actions}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
