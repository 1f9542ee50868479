import type { ActiveSession } from '@nimbus/api-sdk/contract';
import { formatDateTime, useTranslation, type Language } from '@nimbus/i18n';
import { Badge } from '@nimbus/ui/badge';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { DataTable, type DataColumn } from '@nimbus/ui/data-table';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { sessionDeviceLabel, sessionPlatformLine } from './session-labels.ts';
import * as styles from './security.css.ts';

export interface SessionListProps {
  sessions: readonly ActiveSession[];
  loading: boolean;
  language: Language;
  onEnd: (session: ActiveSession) => Promise<unknown>;
  onEndOthers: () => Promise<unknown>;
}

/**
 * Every signed-in session: device, platform, address, sign-in and last use; this one marked.
 * Any other one can be signed out, or all of them at once, after confirming.
 */
export function SessionList({ sessions, loading, language, onEnd, onEndOthers }: SessionListProps) {
  const { t } = useTranslation(['account', 'device', 'common']);
  const deviceOf = (s: ActiveSession) => {
    const label = sessionDeviceLabel(s);
    // One call per key, so the typecheck sees each text's {{variables}} passed.
    switch (label.key) {
      case 'session_device':
        return t('account:session_device', label.vars);
      case 'session_device_named':
        return t('account:session_device_named', label.vars);
      default:
        return t('account:session_device_unknown');
    }
  };
  const platformOf = (s: ActiveSession) => {
    const key = sessionPlatformLine(s);
    return key && <span className={styles.muted}>{t(`device:${key}`)}</span>;
  };
  const others = sessions.filter((s) => !s.current).length;
  const columns: DataColumn<ActiveSession>[] = [
    {
      key: 'device',
      header: t('account:session_col_device'),
      cell: (s) => (
        <span className={styles.device}>
          <span className={styles.deviceName}>
            <span>{deviceOf(s)}</span>
            {s.current && <Badge tone="brand">{t('account:session_this')}</Badge>}
          </span>
          {platformOf(s)}
        </span>
      ),
    },
    {
      key: 'address',
      header: t('account:session_col_address'),
      cell: (s) => <span className={styles.address}>{s.ip ?? t('common:empty_value')}</span>,
    },
    {
      key: 'signedIn',
      header: t('account:session_col_signed_in'),
      cell: (s) => formatDateTime(s.signedInAt, language),
    },
    {
      key: 'lastUsed',
      header: t('account:session_col_last_used'),
      cell: (s) => formatDateTime(s.lastUsedAt, language),
    },
    {
      key: 'actions',
      header: t('account:session_col_actions'),
      align: 'end',
      cell: (s) =>
        s.current ? null : (
          <ConfirmDialog
            trigger={
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('account:session_end_named', { device: deviceOf(s) })}
              >
                {t('account:session_end')}
              </Button>
            }
            title={t('account:session_end_title')}
            description={t('account:session_end_body', { device: deviceOf(s) })}
            confirmLabel={t('account:session_end')}
            cancelLabel={t('common:button_cancel')}
            tone="danger"
            onConfirm={() => onEnd(s)}
          />
        ),
    },
  ];
  return (
    <Card title={t('account:sessions_title')}>
      <div className={styles.header}>
        <p className={styles.muted}>{t('account:sessions_desc')}</p>
        {others > 0 && (
          <ConfirmDialog
            trigger={<Button variant="secondary">{t('account:session_end_others')}</Button>}
            title={t('account:session_end_others_title')}
            description={t('account:session_end_others_body', { count: others })}
            confirmLabel={t('account:session_end_others')}
            cancelLabel={t('common:button_cancel')}
            tone="danger"
            onConfirm={onEndOthers}
          />
        )}
      </div>
      <DataTable
        columns={columns}
        rows={sessions}
        rowKey={(s) => s.id}
        caption={t('account:sessions_title')}
        hideCaption
        loading={loading}
        loadingLabel={t('common:loading')}
        emptyText={t('account:sessions_empty')}
      />
    </Card>
  );
}
