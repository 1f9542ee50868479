import { formatMoney, useLanguage, useTranslation } from '@nimbus/i18n';
import { DataTable } from '@nimbus/ui/data-table';
import { DetailList } from '@nimbus/ui/detail-list';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useQuery } from '@tanstack/react-query';
import { consoleApi } from '../session/console-api.ts';
import * as styles from './console.css.ts';

/** The figures an operator checks first: members, group buys, commission, nodes, 14 days. */
export function OverviewScreen() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const figures = useQuery({
    queryKey: ['overview'],
    queryFn: () => consoleApi().adminOverview({}),
  });
  if (figures.isPending) return <PageLoading />;
  if (figures.isError) return <LoadFailed onRetry={() => void figures.refetch()} />;
  const o = figures.data;
  const sums = (list: typeof o.commissionsPending) =>
    list.length === 0
      ? formatMoney(0, 'USD', language)
      : list.map((s) => formatMoney(s.amountMinor, s.currency, language)).join(', ');
  return (
    <PageSection title={t('overview_title')}>
      <section className={styles.card} aria-labelledby="figures">
        <h2 id="figures" className={styles.sectionTitle}>
          {t('figures_title')}
        </h2>
        <DetailList
          items={[
            { key: 'active', term: t('figure_active'), value: o.activeMembers },
            { key: 'paying', term: t('figure_paying'), value: o.payingMembers },
            { key: 'groups', term: t('figure_groups'), value: o.openGroupBuys },
            { key: 'pending', term: t('figure_pending'), value: sums(o.commissionsPending) },
            { key: 'payable', term: t('figure_payable'), value: sums(o.commissionsPayable) },
            {
              key: 'nodes',
              term: t('figure_nodes'),
              value: t('nodes_of', { online: String(o.nodesOnline), total: String(o.nodesTotal) }),
            },
          ]}
        />
      </section>
      <DataTable
        caption={t('revenue_title')}
        loadingLabel=""
        emptyText={t('no_revenue')}
        rows={o.revenueByDay}
        rowKey={(r) => `${r.day}-${r.provider}-${r.currency}`}
        columns={[
          { key: 'day', header: t('col_day'), cell: (r) => r.day },
          { key: 'provider', header: t('col_provider'), cell: (r) => r.provider },
          {
            key: 'amount',
            header: t('col_amount'),
            cell: (r) => formatMoney(r.amountMinor, r.currency, language),
          },
        ]}
      />
      <DataTable
        caption={t('signups_title')}
        loadingLabel=""
        emptyText=""
        rows={[...o.signupsByDay].reverse()}
        rowKey={(r) => r.day}
        columns={[
          { key: 'day', header: t('col_day'), cell: (r) => r.day },
          { key: 'count', header: t('col_count'), cell: (r) => r.count },
        ]}
      />
    </PageSection>
  );
}
