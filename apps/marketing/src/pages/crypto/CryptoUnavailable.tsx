import type { PaymentMethod } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import { LinkButton } from '@nimbus/ui/link-button';
import { PAYMENT_METHOD_LABEL } from '../../components/payment-methods.tsx';
import * as page from '../../styles/page.css.ts';

/**
 * What /crypto-pay shows when this server takes no cryptocurrency (no networks configured, or the
 * operator switched it off): it says so and offers the methods it does take, on pricing with the
 * same plan chosen.
 */
export function CryptoUnavailable({
  productId,
  methods,
}: {
  productId: string;
  methods: readonly PaymentMethod[];
}) {
  const { t } = useTranslation(['crypto', 'pricing']);
  const others = methods.filter((m) => m !== 'crypto');
  return (
    <div className={page.formCard} role="status">
      <h2 className={page.tileTitle}>{t('crypto:unavailable_title')}</h2>
      <p className={page.text}>{t('crypto:unavailable_body')}</p>
      {others.length > 0 ? (
        <>
          <p className={page.text}>{t('crypto:unavailable_others')}</p>
          <ul className={page.list}>
            {others.map((m) => (
              <li key={m}>{t(PAYMENT_METHOD_LABEL[m])}</li>
            ))}
          </ul>
          <LinkButton href={`/pricing?plan=${encodeURIComponent(productId)}`} size="lg">
            {t('crypto:unavailable_pick_another')}
          </LinkButton>
        </>
      ) : (
        <p className={page.text}>{t('crypto:unavailable_none')}</p>
      )}
    </div>
  );
}
