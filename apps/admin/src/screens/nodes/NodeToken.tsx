import { useTranslation } from '@nimbus/i18n';
import { CopyButton } from '@nimbus/ui/copy-button';
import type { ReactNode } from 'react';
import * as base from '../console.css.ts';
import * as styles from '../setup.css.ts';

interface NodeTokenProps {
  nodeKey: string;
  token: string;
  /** What became of the previous token, after a rotation. */
  children?: ReactNode;
}

/** A node's feed token, shown once: the token, a copy button and the warning that it is not kept. */
export function NodeToken({ nodeKey, token, children }: NodeTokenProps) {
  const { t } = useTranslation('admin-nodes');
  return (
    <section className={styles.result} aria-labelledby="node-token-title">
      <h2 id="node-token-title" className={base.sectionTitle}>
        {t('token_title', { key: nodeKey })}
      </h2>
      <p className={base.alert}>{t('token_warning')}</p>
      {children}
      <p>
        <code className={base.secret} data-testid="node-token">
          {token}
        </code>
      </p>
      <CopyButton
        text={token}
        label={t('copy_token')}
        copiedLabel={t('copied')}
        failedLabel={t('copy_failed')}
      />
    </section>
  );
}
