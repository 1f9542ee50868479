import { useSystemKolApplication, useSystemKolApply } from '@nimbus/api-sdk/react';
import { useLanguage, useTranslation } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { PageSection } from '@nimbus/ui/page-section';
import { useToast } from '@nimbus/ui/toast';
import { useGo } from '@nimbus/web';
import { LoadFailed, PageLoading } from '@nimbus/web/screens';
import { NotKol } from '../dashboard/NotKol.tsx';
import { DASHBOARD_PATH } from '../paths.ts';
import { ApplicationForm } from './ApplicationForm.tsx';
import * as dashboard from '../dashboard/dashboard.css.ts';

/**
 * /user/kol/apply: where "Join Now" leads. A member applies (links, audience, wallet); a KOL is
 * told they are one already; an application under review is shown instead of the form.
 */
export default function ApplyPage() {
  const { t } = useTranslation(['kol', 'affiliate']);
  const language = useLanguage();
  const state = useSystemKolApplication();
  const apply = useSystemKolApply();
  const toast = useToast();
  const go = useGo();

  let body;
  if (state.isError && !state.data) body = <LoadFailed onRetry={() => void state.refetch()} />;
  else if (!state.data) body = <PageLoading />;
  else if (state.data.isKol)
    body = (
      <Card padding="lg">
        <p>{t('affiliate:already_joined')}</p>
        <div>
          <LinkButton href={DASHBOARD_PATH}>{t('affiliate:go_dashboard')}</LinkButton>
        </div>
      </Card>
    );
  else if (!state.data.canApply) body = <NotKol state={state.data} language={language} />;
  else
    body = (
      <Card>
        <p className={dashboard.note}>
          {state.data.autoApprove ? t('kol:apply_auto_intro') : t('kol:apply_intro')}
        </p>
        <ApplicationForm
          onSubmit={async (application) => {
            const result = await apply.mutateAsync(application);
            toast.success(result.isKol ? t('affiliate:join_success') : t('kol:application_sent'));
            go(DASHBOARD_PATH);
          }}
        />
      </Card>
    );

  return (
    <div className={dashboard.frame}>
      <p className={dashboard.breadcrumb}>
        <Link href={DASHBOARD_PATH} tone="neutral">
          {t('kol:title')}
        </Link>
      </p>
      <PageSection title={t('kol:apply_title')}>{body}</PageSection>
    </div>
  );
}
