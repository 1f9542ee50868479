import {
  KOL_FIRST_PURCHASE_RATE_MAX_PERCENT,
  KOL_PAYOUT_CURRENCY,
  KOL_PAYOUT_THRESHOLD_MINOR,
  KOL_RENEWAL_RATE_PERCENT,
} from '@nimbus/domain/constants';
import { formatMoney, formatPercent, useLanguage, useTranslation } from '@nimbus/i18n';
import { LinkButton } from '@nimbus/ui/link-button';
import { loginUrl, useSessionState } from '@nimbus/web';
import * as page from '../../styles/page.css.ts';

/** The KOL dashboard's application page (apps/affiliate). */
const APPLY_PATH = '/user/kol/apply';

const RULES = [
  'affiliate:rule_paid_amount',
  'affiliate:rule_refund',
  'affiliate:rule_self_referral',
  'affiliate:rule_no_ads_brand',
] as const;

/**
 * The affiliate landing: the rates and the payout threshold come from @nimbus/domain, the same
 * constants the ledger pays by and the KOL dashboard shows; joining goes to the application on
 * the KOL dashboard (log in first when anonymous).
 */
export default function AffiliatePage() {
  const { t } = useTranslation(['affiliate']);
  const language = useLanguage();
  const amount = formatMoney(KOL_PAYOUT_THRESHOLD_MINOR, KOL_PAYOUT_CURRENCY, language);
  const highlights = [
    [
      t('affiliate:highlight_new', {
        percent: formatPercent(KOL_FIRST_PURCHASE_RATE_MAX_PERCENT, language),
      }),
      t('affiliate:highlight_new_desc'),
    ],
    [
      t('affiliate:highlight_renewal', {
        percent: formatPercent(KOL_RENEWAL_RATE_PERCENT, language),
      }),
      t('affiliate:highlight_renewal_desc'),
    ],
    [t('affiliate:highlight_payout', { amount }), t('affiliate:highlight_payout_desc', { amount })],
    [t('affiliate:highlight_trial'), t('affiliate:highlight_trial_desc')],
  ];
  const steps = [
    [t('affiliate:how_step_1_title'), t('affiliate:how_step_1')],
    [t('affiliate:how_step_2_title'), t('affiliate:how_step_2')],
    [t('affiliate:how_step_3_title'), t('affiliate:how_step_3', { amount })],
  ];
  const session = useSessionState();
  // Join Now leads to the application (after logging in when anonymous).
  const joinHref = session === 'loggedIn' ? APPLY_PATH : loginUrl(APPLY_PATH);
  return (
    <main>
      <section className={page.hero}>
        <div className={page.container}>
          <h1 className={page.heroTitle}>{t('affiliate:hero_title')}</h1>
          <p className={page.heroLead}>{t('affiliate:hero_subtitle')}</p>
          <div className={page.heroActions}>
            <LinkButton href={joinHref} size="lg">
              {session === 'loggedIn' ? t('affiliate:join') : t('affiliate:login_to_join')}
            </LinkButton>
          </div>
        </div>
      </section>
      <section className={page.section}>
        <div className={page.container}>
          <ul className={page.grid[4]} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {highlights.map(([title, desc]) => (
              <li key={title} className={page.tile}>
                <h2 className={page.tileTitle}>{title}</h2>
                <p className={page.text}>{desc}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className={page.sectionMuted}>
        <div className={page.container}>
          <h2 className={page.sectionTitle}>{t('affiliate:how_title')}</h2>
          <ol className={page.grid[3]} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {steps.map(([title, body]) => (
              <li key={title} className={page.tile}>
                <h3 className={page.tileTitle}>{title}</h3>
                <p className={page.text}>{body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className={page.section}>
        <div className={page.narrow}>
          <h2 className={page.sectionTitle}>{t('affiliate:audience_title')}</h2>
          <p className={page.text}>{t('affiliate:audience_desc')}</p>
          <h2 className={`${page.sectionTitle} ${page.mtXl}`}>{t('affiliate:rules_title')}</h2>
          <ul className={page.list}>
            {RULES.map((rule) => (
              <li key={rule}>{t(rule)}</li>
            ))}
          </ul>
          <p className={`${page.text} ${page.mtXl}`}>{t('affiliate:contact')}</p>
        </div>
      </section>
    </main>
  );
}
