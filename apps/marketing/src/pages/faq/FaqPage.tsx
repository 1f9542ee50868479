import { featureShown, type Feature } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { useDisplayConfig } from '@nimbus/web';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
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
  ['student_discount_q', 'student_discount_a'],
] as const;

/** Entries that belong to a feature switch: shown only while it is on. */
const FEATURE_OF: Partial<Record<(typeof QUESTIONS)[number][0], Feature>> = {
  student_discount_q: 'studentDiscount',
};

const anchorOf = (question: string) => question.replace(/_q$/, '').replace(/_/g, '-');

/**
 * The FAQ: each question a native disclosure (keyboard and screen readers for free); the one a
 * link names (/faq#student-discount) opens and scrolls into view, once it is shown.
 */
export default function FaqPage() {
  const { t } = useTranslation(['faq']);
  const switches = useDisplayConfig()?.config.features;
  const shown = QUESTIONS.filter(([q]) => {
    const feature = FEATURE_OF[q];
    return feature === undefined || featureShown(switches, feature);
  });
  const { hash } = useLocation();
  const anchors = shown.map(([q]) => anchorOf(q)).join(' ');
  // Opened in the page, not in the render: the pre-rendered page knows no hash.
  useEffect(() => {
    const target = decodeURIComponent(hash.slice(1));
    if (!target || !anchors.split(' ').includes(target)) return;
    const entry = document.getElementById(target);
    if (entry instanceof HTMLDetailsElement) entry.open = true;
    entry?.scrollIntoView();
  }, [hash, anchors]);
  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{t('faq:title')}</h1>
        <p className={page.lead}>{t('faq:subtitle')}</p>
        <div className={styles.list}>
          {shown.map(([q, a]) => (
            <details key={q} className={styles.item} id={anchorOf(q)}>
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
