import { useTranslation } from '@nimbus/i18n';
import { Spinner } from '@nimbus/ui/spinner';

/** A bare waiting screen (used by the native apps while they hand over to the web). */
export default function LoadingPage() {
  const { t } = useTranslation('common');
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <Spinner size="lg" label={t('loading')} />
    </main>
  );
}
