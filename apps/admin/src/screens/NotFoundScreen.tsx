import { useTranslation } from '@nimbus/i18n';
import { PageSection } from '@nimbus/ui/page-section';
import { Link } from 'react-router';

export function NotFoundScreen() {
  const { t } = useTranslation('admin');
  return (
    <PageSection title={t('not_found')}>
      <Link to="/">{t('nav_overview')}</Link>
    </PageSection>
  );
}
