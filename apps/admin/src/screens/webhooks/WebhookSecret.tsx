import { useTranslation } from '@nimbus/i18n';
import { CopyButton } from '@nimbus/ui/copy-button';
import { useEffect, useRef } from 'react';
import * as base from '../console.css.ts';
import * as styles from '../setup.css.ts';

/** An endpoint's signing secret, shown once (made or rotated): the secret, copy, the warning. */
export function WebhookSecret({ url, secret }: { url: string; secret: string }) {
  const { t } = useTranslation('admin-webhooks');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [secret]);
  return (
    <section className={styles.result} aria-labelledby="webhook-secret-title">
      <h2 id="webhook-secret-title" className={base.sectionTitle} ref={heading} tabIndex={-1}>
        {t('secret_title', { url })}
      </h2>
      <p className={base.alert}>{t('secret_warning')}</p>
      <p>
        <code className={base.secret} data-testid="webhook-secret">
          {secret}
        </code>
      </p>
      <CopyButton
        text={secret}
        label={t('copy_secret')}
        copiedLabel={t('copied')}
        failedLabel={t('copy_failed')}
      />
    </section>
  );
}
