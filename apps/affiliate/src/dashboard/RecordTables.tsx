import type {
  ClientConfig,
  CommissionRecord,
  InvitationDetail,
  SettlementRecord,
} from '@nimbus/api-sdk/contract';
import {
  CommissionSettlement,
  payoutNetworkName,
  payoutTxUrl,
  ReferralStatus,
  shortHash,
} from '@nimbus/domain';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { CopyButton } from '@nimbus/ui/copy-button';
import type { DataColumn } from '@nimbus/ui/data-table';
import { Link } from '@nimbus/ui/link';
import { PagedTable, type Paging } from '@nimbus/web/screens';
import { payoutExplorerUrl } from './explorer.ts';
import { commissionText, settlementText, type TextColumn } from './record-text.ts';
import * as styles from './dashboard.css.ts';

interface TableProps<Row> {
  rows: readonly Row[];
  total: number;
  loading: boolean;
  paging: Paging;
  language: Language;
}

/**
 * Commission per referred purchase: who, what, paid, first or renewal, rate, commission, settled
 * or not, when. A refund of a purchase already paid out is its own negative line, marked reversed.
 */
export function CommissionTable({
  rows,
  total,
  loading,
  paging,
  language,
}: TableProps<CommissionRecord>) {
  const { t } = useTranslation(['kol', 'common']);
  const text = Object.fromEntries(commissionText(t, language).map((c) => [c.key, c]));
  const column = (key: string) => text[key] as TextColumn<CommissionRecord>;
  const columns: DataColumn<CommissionRecord>[] = [
    {
      key: 'uid',
      header: column('uid').header,
      cell: (r) => <span className={styles.mono}>{r.referredUid}</span>,
    },
    { key: 'package', header: column('package').header, cell: column('package').text },
    { key: 'paid', header: column('paid').header, align: 'end', cell: column('paid').text },
    { key: 'type', header: column('type').header, cell: column('type').text },
    { key: 'rate', header: column('rate').header, align: 'end', cell: column('rate').text },
    {
      key: 'amount',
      header: column('amount').header,
      align: 'end',
      cell: (r) => <strong>{column('amount').text(r)}</strong>,
    },
    {
      key: 'status',
      header: column('status').header,
      cell: (r) => (
        <>
          {r.referAmountMinor < 0 && (
            <StatusTag tone="danger">{t('kol:status_reversed')}</StatusTag>
          )}{' '}
          {r.status === CommissionSettlement.SETTLED ? (
            <StatusTag tone="success">{t('kol:status_settled')}</StatusTag>
          ) : (
            <StatusTag tone="warning">{t('kol:status_unsettled')}</StatusTag>
          )}
        </>
      ),
    },
    { key: 'date', header: column('date').header, cell: column('date').text },
  ];
  return (
    <PagedTable
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.referredUid}-${r.date}-${rows.indexOf(r)}`}
      caption={t('kol:tab_commission')}
      hideCaption
      loading={loading}
      emptyText={t('kol:empty_commission')}
      total={total}
      paging={paging}
    />
  );
}

/** Payouts: when, which period, how much, and the transaction on its block explorer. */
export function SettlementTable({
  rows,
  total,
  loading,
  paging,
  language,
  config,
}: TableProps<SettlementRecord> & { config: Pick<ClientConfig, 'crypto'> | null }) {
  const { t } = useTranslation(['kol', 'common']);
  const text = Object.fromEntries(settlementText(t, language).map((c) => [c.key, c]));
  const column = (key: string) => text[key] as TextColumn<SettlementRecord>;
  const columns: DataColumn<SettlementRecord>[] = [
    { key: 'date', header: column('date').header, cell: column('date').text },
    { key: 'period', header: column('period').header, cell: column('period').text },
    {
      key: 'amount',
      header: column('amount').header,
      align: 'end',
      cell: (r) => <strong>{column('amount').text(r)}</strong>,
    },
    {
      key: 'wallet',
      header: column('wallet').header,
      cell: (r) =>
        r.walletAddress ? (
          <span className={styles.txCell}>
            <span>{payoutNetworkName(r.walletNetwork ?? '')}</span>
            <span className={styles.txHash} title={r.walletAddress}>
              {shortHash(r.walletAddress)}
            </span>
          </span>
        ) : (
          t('common:empty_value')
        ),
    },
    {
      key: 'tx',
      header: t('kol:col_tx_hash'),
      cell: (r) => {
        if (!r.txHash) return t('common:empty_value');
        const url =
          payoutTxUrl(r.walletNetwork ?? null, r.txHash) ?? payoutExplorerUrl(config, r.txHash);
        return (
          <span className={styles.txCell}>
            {url ? (
              <Link
                href={url}
                external
                externalLabel={t('common:open_in_new_tab')}
                className={styles.txHash}
                title={r.txHash}
              >
                {shortHash(r.txHash)}
              </Link>
            ) : (
              <span className={styles.txHash} title={r.txHash}>
                {shortHash(r.txHash)}
              </span>
            )}
            <CopyButton
              text={r.txHash}
              label={t('common:button_copy')}
              copiedLabel={t('common:copied')}
              failedLabel={t('common:copy_failed')}
              variant="ghost"
            />
          </span>
        );
      },
    },
  ];
  return (
    <PagedTable
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.payoutDate}-${r.txHash ?? rows.indexOf(r)}`}
      caption={t('kol:tab_settlement')}
      hideCaption
      loading={loading}
      emptyText={t('kol:empty_settlement')}
      total={total}
      paging={paging}
    />
  );
}

/** People who signed up with the link: who, when, registered or paid. */
export function InvitationTable({
  rows,
  total,
  loading,
  paging,
  language,
}: TableProps<InvitationDetail>) {
  const { t } = useTranslation(['kol', 'common']);
  const columns: DataColumn<InvitationDetail>[] = [
    {
      key: 'uid',
      header: t('kol:col_referred_uid'),
      cell: (r) => <span className={styles.mono}>{r.referredUid}</span>,
    },
    {
      key: 'date',
      header: t('kol:col_referral_date'),
      cell: (r) => formatDate(r.referralDate, language),
    },
    {
      key: 'status',
      header: t('kol:col_invite_status'),
      cell: (r) =>
        r.status === ReferralStatus.PAID ? (
          <StatusTag tone="success">{t('kol:status_paid')}</StatusTag>
        ) : (
          <StatusTag tone="neutral">{t('kol:status_registered')}</StatusTag>
        ),
    },
  ];
  return (
    <PagedTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.referredUid}
      caption={t('kol:tab_invitation')}
      hideCaption
      loading={loading}
      emptyText={t('kol:empty_invitation')}
      total={total}
      paging={paging}
    />
  );
}
