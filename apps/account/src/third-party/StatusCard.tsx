import type { ThirdPartyStatus } from '@nimbus/api-sdk/contract';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { enableState } from './enable-state.ts';
import * as styles from './third-party.css.ts';

export interface StatusCardProps {
  status: ThirdPartyStatus;
  now: number;
  language: Language;
  onEnable: () => Promise<unknown>;
  onDisable: () => Promise<unknown>;
}

/** On or off, the 10 Mbps notice, the once-in-7-days rule and when it may be enabled again. */
export function StatusCard({ status, now, language, onEnable, onDisable }: StatusCardProps) {
  const { t } = useTranslation(['third-party', 'common']);
  const state = enableState(status, now);
  const date = state.availableAt === null ? null : formatDate(state.availableAt, language);

  return (
    <Card
      title={t('third-party:status')}
      actions={
        <StatusTag tone={status.enabled ? 'success' : 'neutral'} data-testid="third-party-status">
          {t(status.enabled ? 'third-party:status_enabled' : 'third-party:status_disabled')}
        </StatusTag>
      }
    >
      <ul className={styles.rules}>
        <li>{t('third-party:speed_notice')}</li>
        <li>{t('third-party:cooldown_rule')}</li>
      </ul>
      {!status.enabled && date && (
        <p className={styles.cooldown} role="status">
          {t('third-party:cooldown', { date })}
        </p>
      )}
      <div className={styles.buttons}>
        {status.enabled ? (
          <ConfirmDialog
            trigger={<Button variant="secondary">{t('third-party:disable')}</Button>}
            title={t('third-party:disable_confirm_title')}
            description={t('third-party:disable_confirm_body', {
              date: date ?? t('common:empty_value'),
            })}
            confirmLabel={t('third-party:disable')}
            cancelLabel={t('common:button_cancel')}
            onConfirm={onDisable}
          />
        ) : (
          <ConfirmDialog
            trigger={<Button disabled={!state.canEnable}>{t('third-party:enable')}</Button>}
            title={t('third-party:enable_confirm_title')}
            description={t('third-party:enable_confirm_body')}
            confirmLabel={t('third-party:enable')}
            cancelLabel={t('common:button_cancel')}
            onConfirm={onEnable}
          />
        )}
      </div>
    </Card>
  );
}
