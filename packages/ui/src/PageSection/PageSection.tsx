import type { ReactNode } from 'react';
import * as styles from './PageSection.css.ts';

export interface PageSectionProps {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A signed-in page (account centre, KOL dashboard): its one h1, an optional lead and actions, then
 * its cards. The actions wrap under the heading on a narrow screen.
 */
export function PageSection({ title, lead, actions, children }: PageSectionProps) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
