import type { BenefitOffer } from '@nimbus/api-sdk/contract';
import { formatDate, useTranslation, type Language } from '@nimbus/i18n';
import { Card } from '@nimbus/ui/card';
import { LinkButton } from '@nimbus/ui/link-button';
import type { BenefitsState } from './benefits-state.ts';
import * as styles from './benefits.css.ts';

export interface NoBenefitsProps {
  state: Exclude<BenefitsState, { kind: 'active' }>;
  /** What a yearly plan includes (public catalogue), to show what the user is missing. */
  offers: readonly BenefitOffer[];
  language: Language;
}

/** Why the user has no benefits (never had a yearly plan, or it ran out) and how to get them. */
export function NoBenefits({ state, offers, language }: NoBenefitsProps) {
  const { t } = useTranslation(['benefits']);
  return (
    <Card title={t('benefits:none_title')} tone="muted">
      {state.kind === 'expired' ? (
        <p className={styles.text}>
          {t('benefits:expired', { date: formatDate(state.at, language) })}
        </p>
      ) : (
        <>
          <p className={styles.text}>{t('benefits:none_body')}</p>
          <p className={styles.text}>{t('benefits:none_how')}</p>
        </>
      )}
      {offers.length > 0 && (
        <div>
          <h3 className={styles.offersTitle}>{t('benefits:offers_title')}</h3>
          <ul className={styles.offers}>
            {offers.map((offer) => (
              <li key={offer.benefitId}>{offer.name}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <LinkButton href="/pricing">{t('benefits:go_pricing')}</LinkButton>
      </div>
    </Card>
  );
}
