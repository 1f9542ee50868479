import type { InvitationRecord } from '@nimbus/api-sdk/contract';
import { exhaustive } from '@nimbus/domain';
import { formatDate, formatDuration, useTranslation, type Language } from '@nimbus/i18n';
import type { DataColumn } from '@nimbus/ui/data-table';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import { bonusView } from './invitation-bonus.ts';
import * as styles from './reward.css.ts';

export interface InvitationRecordsProps {
  records: readonly InvitationRecord[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
}

/** Date, invitee, product and bonus time of each friend invited. */
export function InvitationRecords({
  records,
  total,
  loading,
  paging,
  language,
}: InvitationRecordsProps) {
  const { t } = useTranslation(['reward', 'common']);
  const bonusCell = (record: InvitationRecord) => {
    const view = bonusView(record);
    switch (view.kind) {
      case 'granted':
        return <strong>{formatDuration(view.seconds, language, { maxUnits: 2 })}</strong>;
      case 'reversed':
        return <span className={styles.muted}>{t('reward:bonus_reversed')}</span>;
      case 'not_granted':
        return <span className={styles.muted}>{t('reward:bonus_inactive')}</span>;
      case 'not_purchased':
        return <span className={styles.muted}>{t('common:empty_value')}</span>;
      default:
        return exhaustive(view);
    }
  };
  const columns: DataColumn<InvitationRecord>[] = [
    { key: 'date', header: t('reward:col_date'), cell: (r) => formatDate(r.date, language) },
    { key: 'invitee', header: t('reward:col_invitee'), cell: (r) => r.invitee },
    {
      key: 'product',
      header: t('reward:col_product'),
      cell: (r) => r.productName ?? <span className={styles.muted}>{t('reward:bonus_none')}</span>,
    },
    { key: 'bonus', header: t('reward:col_bonus'), cell: bonusCell },
  ];
  return (
    <PagedTable
      columns={columns}
      rows={records}
      // An invitee is masked and may repeat; date plus invitee plus position in the page is unique.
      rowKey={(r) => `${r.date}-${r.invitee}-${records.indexOf(r)}`}
      caption={t('reward:records_title')}
      hideCaption
      loading={loading}
      emptyText={t('reward:empty')}
      total={total}
      paging={paging}
    />
  );
}
