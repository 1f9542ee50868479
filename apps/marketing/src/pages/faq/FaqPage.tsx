import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import * as page from '../../styles/page.css.ts';
import * as styles from './FaqPage.css.ts';

const QUESTIONS = [
  ['logging_q', 'logging_a'],
  ['devices_q', 'devices_a'],
  ['refund_q', 'refund_a'],
  ['payment_methods_q', 'payment_methods_a'],
  ['china_q', 'china_a'],
  ['speed_q', 'speed_a'],
  ['trial_q', 'trial_a'],
  ['group_buy_q', 'group_buy_a'],
  ['affiliate_payout_q', 'affiliate_payout_a'],
  ['third_party_q', 'third_party_a'],
  ['upgrade_q', 'upgrade_a'],
  ['delete_account_q', 'delete_account_a'],
] as const;

/** The FAQ: each question a native disclosure (keyboard and screen readers for free). */
export default function FaqPage() {
  const { t } = useTranslation(['faq']);
  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{t('faq:title')}</h1>
        <p className={page.lead}>{t('faq:subtitle')}</p>
        <div className={styles.list}>
          {QUESTIONS.map(([q, a]) => (
            <details key={q} className={styles.item} id={q.replace(/_q$/, '').replace(/_/g, '-')}>
              <summary className={styles.question}>{t(`faq:${q}`)}</summary>
              <p className={page.text}>{t(`faq:${a}`)}</p>
            </details>
          ))}
        </div>
        <p className={`${page.text} ${page.mtXl}`}>
          {t('faq:still_questions')} <Link href="/download/tips">{t('faq:contact_support')}</Link>
        </p>
      </div>
    </main>
  );
}
