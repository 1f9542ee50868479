import { useTranslation } from '@nimbus/i18n';
import { NotFound } from '@nimbus/ui/not-found';

/** The not-found page with the back-to-homepage link (the marketing home, from any app). */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <NotFound
      title={t('not_found_title')}
      text={t('not_found_description')}
      homeLabel={t('not_found_back_home')}
      homeHref="/"
    />
  );
}
