import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import * as page from '../../styles/page.css.ts';

/** The crypto page once the server saw the transfer confirmed. */
export function CryptoPaid({ orderId, explorer }: { orderId: string; explorer: string | null }) {
  const { t } = useTranslation(['crypto', 'pricing']);
  return (
    <div className={page.formCard} role="status">
      <h2 className={page.tileTitle}>{t('crypto:success_title')}</h2>
      <p className={page.successBox}>{t('crypto:success_body')}</p>
      {explorer && (
        <p className={page.text}>
          <Link href={explorer} external>
            {t('crypto:view_on_explorer')}
          </Link>
        </p>
      )}
      <Link href={`/purchased?orderId=${encodeURIComponent(orderId)}`}>
        {t('pricing:purchased_title')}
      </Link>
    </div>
  );
}
