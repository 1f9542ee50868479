import type { MailPreferences as Preferences } from '@nimbus/api-sdk/contract';
import type { MailCategory } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Checkbox } from '@nimbus/ui/checkbox';
import { useState } from 'react';
import * as styles from './security.css.ts';

export interface MailPreferencesProps {
  preferences: Preferences | undefined;
  onChange: (change: Preferences['categories'][number]) => Promise<unknown>;
}

/**
 * The optional notice e-mails the member gets (membership reminders, group and affiliate news),
 * each switched on or off at once; receipts, refunds, payouts and security notices always go.
 */
export function MailPreferences({ preferences, onChange }: MailPreferencesProps) {
  const { t } = useTranslation(['account']);
  const [saving, setSaving] = useState<string | undefined>();
  // The member's choice shows at once; it is dropped again when the server refuses it.
  const [chosen, setChosen] = useState<Partial<Record<string, boolean>>>({});
  const choose = (category: MailCategory, subscribed: boolean) => {
    setSaving(category);
    setChosen((c) => ({ ...c, [category]: subscribed }));
    onChange({ category, subscribed })
      .catch(() => setChosen((c) => ({ ...c, [category]: undefined })))
      .finally(() => setSaving(undefined));
  };
  return (
    <Card title={t('account:mail_title')}>
      <p className={styles.muted}>{t('account:mail_desc')}</p>
      <div className={styles.choices} aria-busy={preferences === undefined || saving !== undefined}>
        {(preferences?.categories ?? []).map(({ category, subscribed }) => (
          <Checkbox
            key={category}
            checked={chosen[category] ?? subscribed}
            disabled={saving !== undefined}
            aria-describedby={`mail-${category}-hint`}
            onChange={(event) => choose(category, event.currentTarget.checked)}
          >
            <span className={styles.choiceLabel}>{t(`account:mail_${category}`)}</span>
            <span id={`mail-${category}-hint`} className={styles.muted}>
              {t(`account:mail_${category}_hint`)}
            </span>
          </Checkbox>
        ))}
      </div>
    </Card>
  );
}
