import type { CommissionRecord, SettlementRecord } from '@nimbus/api-sdk/contract';
import { CommissionPurchaseType, CommissionSettlement, payoutNetworkName } from '@nimbus/domain';
import {
  formatDate,
  formatMoney,
  formatPercent,
  type Language,
  type useTranslation,
} from '@nimbus/i18n';

/** `t` of the kol and common namespaces. */
type Translate = ReturnType<typeof useTranslation<readonly ['kol', 'common']>>['t'];

/** One column of a record table as text: its header and the text of each cell. */
export interface TextColumn<Row> {
  key: string;
  header: string;
  text: (row: Row) => string;
}

/**
 * The commission table's columns as text: the table shows these texts (with tags and emphasis)
 * and the CSV export writes them, so a download matches what the table shows.
 */
export function commissionText(t: Translate, language: Language): TextColumn<CommissionRecord>[] {
  return [
    { key: 'uid', header: t('kol:col_referred_uid'), text: (r) => r.referredUid },
    { key: 'package', header: t('kol:col_package'), text: (r) => r.package },
    {
      key: 'paid',
      header: t('kol:col_amount_paid'),
      text: (r) => formatMoney(r.amountPaidMinor, r.currency, language),
    },
    {
      key: 'type',
      header: t('kol:col_type'),
      text: (r) =>
        t(
          r.type === CommissionPurchaseType.RENEWAL
            ? 'kol:type_renewal'
            : 'kol:type_first_purchase',
        ),
    },
    {
      key: 'rate',
      header: t('kol:col_refer_rate'),
      text: (r) => formatPercent(r.referRate, language),
    },
    {
      key: 'amount',
      header: t('kol:col_refer_amount'),
      text: (r) => formatMoney(r.referAmountMinor, r.currency, language),
    },
    {
      key: 'status',
      header: t('kol:col_status'),
      text: (r) =>
        [
          ...(r.referAmountMinor < 0 ? [t('kol:status_reversed')] : []),
          t(
            r.status === CommissionSettlement.SETTLED
              ? 'kol:status_settled'
              : 'kol:status_unsettled',
          ),
        ].join(' '),
    },
    { key: 'date', header: t('kol:col_date'), text: (r) => formatDate(r.date, language) },
  ];
}

/** The settlement table's columns as text (see commissionText). */
export function settlementText(t: Translate, language: Language): TextColumn<SettlementRecord>[] {
  return [
    {
      key: 'date',
      header: t('kol:col_payout_date'),
      text: (r) => formatDate(r.payoutDate, language),
    },
    {
      key: 'period',
      header: t('kol:col_period'),
      text: (r) =>
        t('kol:period_range', {
          start: formatDate(r.periodStart, language),
          end: formatDate(r.periodEnd, language),
        }),
    },
    {
      key: 'amount',
      header: t('kol:col_payout_amount'),
      text: (r) => formatMoney(r.amountMinor, r.currency, language),
    },
    {
      key: 'wallet',
      header: t('kol:col_wallet'),
      text: (r) =>
        r.walletAddress
          ? `${payoutNetworkName(r.walletNetwork ?? '')} ${r.walletAddress}`
          : t('common:empty_value'),
    },
    {
      key: 'tx',
      header: t('kol:col_tx_hash'),
      text: (r) => r.txHash ?? t('common:empty_value'),
    },
  ];
}

/** RFC 4180 CSV: every field quoted, quotes doubled, CRLF line ends, a BOM so Excel reads UTF-8. */
export function toCsv<Row>(columns: readonly TextColumn<Row>[], rows: readonly Row[]): string {
  const field = (text: string) => `"${text.replaceAll('"', '""')}"`;
  const lines = [
    columns.map((c) => field(c.header)).join(','),
    ...rows.map((row) => columns.map((c) => field(c.text(row))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
