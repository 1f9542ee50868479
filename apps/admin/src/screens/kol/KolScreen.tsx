import type { AdminResponseOf } from '@nimbus/api-sdk/admin';
import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { DataTable } from '@nimbus/ui/data-table';
import { DetailList } from '@nimbus/ui/detail-list';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { consoleApi } from '../../session/console-api.ts';
import * as styles from '../console.css.ts';
import { when } from '../format.ts';
import { KolPayoutForm, KolRateForm } from './KolForms.tsx';

type Detail = AdminResponseOf<'adminKolDetail'>;

const COMMISSION_STATES = ['pending', 'payable', 'settled', 'clawed_back'] as const;
const commissionStateKey = (state: string) =>
  (COMMISSION_STATES as readonly string[]).includes(state)
    ? (`commission_${state}` as `commission_${(typeof COMMISSION_STATES)[number]}`)
    : null;

/** One KOL: balances, payout wallet, the rate, recording a payout, commissions and payouts. */
export function KolScreen() {
  const { t } = useTranslation('admin-kol');
  const language = useLanguage();
  const { userId = '' } = useParams();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['kol', userId],
    queryFn: () => consoleApi().adminKolDetail({ userId }),
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['kol', userId] });
    void queryClient.invalidateQueries({ queryKey: ['kols'] });
  };
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <LoadFailed onRetry={() => void detail.refetch()} />;
  const d: Detail = detail.data;
  const k = d.kol;
  const money = (minor: number, currency = k.currency) => formatMoney(minor, currency, language);
  return (
    <PageSection
      title={t('kol_title', { id: k.userId })}
      lead={k.account}
      actions={
        <span className={styles.inlineForm}>
          <Link to="/kol">{t('back_to_kols')}</Link>
          <Link to={`/users/${k.userId}`}>{t('user_link')}</Link>
        </span>
      }
    >
      <div className={styles.card}>
        <DetailList
          items={[
            {
              key: 'state',
              term: t('field_state'),
              value: k.isKol ? t('in_programme') : t('former'),
            },
            { key: 'rate', term: t('col_rate'), value: `${k.ratePercent}%` },
            { key: 'pending', term: t('col_pending'), value: money(k.pendingMinor) },
            { key: 'payable', term: t('col_payable'), value: money(k.payableMinor) },
            { key: 'settled', term: t('col_settled'), value: money(k.settledMinor) },
            {
              key: 'wallet',
              term: t('field_wallet'),
              value: d.wallet ? (
                <span className={styles.secret}>
                  {d.wallet.network} {d.wallet.address}
                </span>
              ) : (
                t('no_wallet')
              ),
            },
          ]}
        />
      </div>
      <KolRateForm kol={k} onChanged={refresh} />
      <KolPayoutForm kol={k} hasWallet={d.wallet !== null} onChanged={refresh} />
      <DataTable
        caption={t('commissions_title', { total: d.commissions.total })}
        loadingLabel=""
        emptyText={t('no_commissions')}
        rows={d.commissions.recent}
        rowKey={(c) => c.orderId}
        columns={[
          { key: 'order', header: t('col_order'), cell: (c) => c.orderId },
          {
            key: 'referred',
            header: t('col_referred'),
            cell: (c) => <Link to={`/users/${c.referredUserId}`}>#{c.referredUserId}</Link>,
          },
          { key: 'paid', header: t('col_paid'), cell: (c) => money(c.paidMinor, c.currency) },
          { key: 'rate', header: t('col_rate'), cell: (c) => `${c.ratePercent}%` },
          {
            key: 'commission',
            header: t('col_commission'),
            cell: (c) => money(c.amountMinor, c.currency),
          },
          {
            key: 'state',
            header: t('col_state'),
            cell: (c) => {
              const key = commissionStateKey(c.state);
              return key ? t(key) : c.state;
            },
          },
          { key: 'earned', header: t('col_earned'), cell: (c) => when(c.earnedAt) },
          { key: 'payableAt', header: t('col_payable_at'), cell: (c) => when(c.payableAt) },
        ]}
      />
      <DataTable
        caption={t('payouts_title', { total: d.payouts.total })}
        loadingLabel=""
        emptyText={t('no_payouts')}
        rows={d.payouts.recent}
        rowKey={(p) => p.payoutId}
        columns={[
          { key: 'id', header: t('col_payout_id'), cell: (p) => p.payoutId },
          { key: 'amount', header: t('col_amount'), cell: (p) => money(p.amountMinor, p.currency) },
          {
            key: 'period',
            header: t('col_period'),
            cell: (p) => `${when(p.periodStart)} – ${when(p.periodEnd)}`,
          },
          {
            key: 'tx',
            header: t('col_tx'),
            cell: (p) => <span className={styles.secret}>{p.txHash ?? '-'}</span>,
          },
          {
            key: 'wallet',
            header: t('col_wallet'),
            cell: (p) =>
              p.wallet ? (
                <span className={styles.secret}>
                  {p.wallet.network} {p.wallet.address}
                </span>
              ) : (
                '-'
              ),
          },
          { key: 'paidAt', header: t('col_paid_at'), cell: (p) => when(p.paidAt) },
          { key: 'by', header: t('col_by'), cell: (p) => p.actor },
        ]}
      />
    </PageSection>
  );
}
