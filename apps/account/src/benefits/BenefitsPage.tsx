import { useSystemBenefits, useSystemUserBenefits, useSystemUserInfo } from '@nimbus/api-sdk/react';
import { formatDate, useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { PageSection } from '@nimbus/ui/page-section';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { useNow } from '../shared/use-now.ts';
import { benefitsState } from './benefits-state.ts';
import { BenefitItems } from './BenefitItems.tsx';
import { NoBenefits } from './NoBenefits.tsx';
import * as styles from './benefits.css.ts';

/** /user/benefits: the shared accounts of an entitled yearly member, or why there are none. */
export default function BenefitsPage() {
  const { t } = useTranslation(['benefits', 'common']);
  const language = useLanguage();
  const now = useNow();
  const user = useSystemUserInfo();
  const state = user.data ? benefitsState(user.data, now) : null;
  // Only an entitled user asks for the items: anyone else would be refused (NO_BENEFITS) with an
  // error toast.
  const items = useSystemUserBenefits({}, { enabled: state?.kind === 'active' });
  const offers = useSystemBenefits({}, { enabled: state !== null && state.kind !== 'active' });

  if (!state) return <PageLoading />;
  return (
    <PageSection
      title={t('benefits:title')}
      lead={
        state.kind === 'active'
          ? t('benefits:available_until', { date: formatDate(state.until, language) })
          : t('benefits:subtitle')
      }
    >
      {state.kind === 'active' ? (
        <Card>
          <p className={styles.notice}>{t('benefits:shared_notice')}</p>
          {items.isError ? (
            <LoadFailed onRetry={() => void items.refetch()} />
          ) : (
            <BenefitItems items={items.data?.items ?? []} loading={items.isPending} />
          )}
        </Card>
      ) : (
        <NoBenefits state={state} offers={offers.data?.items ?? []} language={language} />
      )}
    </PageSection>
  );
}
