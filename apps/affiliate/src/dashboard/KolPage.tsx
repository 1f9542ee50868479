import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { KolTab } from '@nimbus/domain';
import {
  useSystemAffiliate,
  useSystemClientConfig,
  useSystemKolApplication,
} from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { PageSection } from '@nimbus/ui/page-section';
import { Tabs } from '@nimbus/ui/tabs';
import {
  absoluteUrl,
  currentOrigin,
  LoadFailed,
  PageLoading,
  usePaging,
} from '@nimbus/web/screens';
import { EarningsPanel } from './EarningsPanel.tsx';
import { ExportCard } from './ExportCard.tsx';
import { NotKol } from './NotKol.tsx';
import { PayoutHelpCard } from './PayoutHelpCard.tsx';
import { CommissionTable, InvitationTable, SettlementTable } from './RecordTables.tsx';
import { Summary } from './Summary.tsx';
import { WalletCard } from './WalletCard.tsx';
import * as styles from './dashboard.css.ts';

const TABS: readonly KolTab[] = ['commission', 'settlement', 'invitation'];

/**
 * /user/kol: a KOL's earnings, payout progress, chart and records; for others, the way to the
 * programme.
 */
export default function KolPage() {
  const { t } = useTranslation(['kol', 'account', 'common']);
  const language = useLanguage();
  const [tab, setTab] = useState<KolTab>('commission');
  const paging = usePaging();
  const [now] = useState(() => Date.now());
  const answer = useSystemAffiliate(
    { tab, page: paging.page, pageSize: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const config = useSystemClientConfig();
  const notKol = answer.data?.isKol === false;
  const application = useSystemKolApplication(undefined, { enabled: notKol });

  const breadcrumb = (
    <p className={styles.breadcrumb}>
      <Link href="/user/profile" tone="neutral">
        {t('account:title')}
      </Link>
    </p>
  );

  let body;
  if (answer.isError && !answer.data) body = <LoadFailed onRetry={() => void answer.refetch()} />;
  else if (!answer.data) body = <PageLoading />;
  else if (!answer.data.isKol)
    body = application.data ? (
      <NotKol state={application.data} language={language} />
    ) : (
      <PageLoading />
    );
  else {
    const data = answer.data;
    const loading = answer.isFetching && answer.isPlaceholderData;
    const records = (kind: KolTab) => {
      // While another tab's page is shown as a placeholder, this tab shows its skeleton.
      const table = {
        total: data.tab === kind ? data.records.total : 0,
        loading: loading || data.tab !== kind,
        paging,
        language,
      };
      if (kind === 'commission')
        return (
          <CommissionTable rows={data.tab === 'commission' ? data.records.items : []} {...table} />
        );
      if (kind === 'settlement')
        return (
          <SettlementTable
            rows={data.tab === 'settlement' ? data.records.items : []}
            {...table}
            config={config.data ?? null}
          />
        );
      return (
        <InvitationTable rows={data.tab === 'invitation' ? data.records.items : []} {...table} />
      );
    };
    body = (
      <>
        <Summary
          summary={data.summary}
          referralUrl={absoluteUrl(data.summary.inviteLink, currentOrigin())}
          language={language}
          now={now}
          invitedTrialMinutes={config.data?.trial.invitedMinutes ?? null}
        />
        <WalletCard wallet={data.summary.wallet ?? null} language={language} />
        <PayoutHelpCard />
        <EarningsPanel now={now} language={language} />
        <Card>
          <Tabs
            label={t('kol:title')}
            value={tab}
            onValueChange={(value) => {
              setTab(value as KolTab);
              paging.setPage(1);
            }}
            items={TABS.map((kind) => ({
              value: kind,
              label: t(`kol:tab_${kind}`),
              content: records(kind),
            }))}
          />
        </Card>
        <ExportCard now={now} language={language} />
      </>
    );
  }

  return (
    <div className={styles.frame}>
      {breadcrumb}
      <PageSection title={t('kol:title')}>{body}</PageSection>
    </div>
  );
}
