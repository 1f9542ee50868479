import { canaryReviewDay, canaryReviewDue } from '@nimbus/domain';
import { formatDate, useLanguage, useTranslation, type Language } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { NotFoundPage } from '@nimbus/web';
import { useLocation } from 'react-router';
import * as page from '../../styles/page.css.ts';
import { CANARY_REVIEWED_ON } from './canary.ts';

/** The canary's review day and next due day, as the reader's calendar date (UTC: no day shift). */
function canaryDates(language: Language): { reviewed: string; due: string } {
  const reviewed = canaryReviewDay(CANARY_REVIEWED_ON);
  const due = canaryReviewDue(CANARY_REVIEWED_ON);
  if (reviewed === undefined || due === undefined)
    throw new Error(`CANARY_REVIEWED_ON is not a YYYY-MM-DD day: ${CANARY_REVIEWED_ON}`);
  const format = (day: number) => formatDate(day, language, { timeZone: 'UTC' });
  return { reviewed: format(reviewed), due: format(due) };
}

const CLAUSES = {
  terms: {
    title: 'legal:terms_title',
    intro: 'legal:terms_intro',
    sections: [
      ['legal:terms_account_title', 'legal:terms_account_body'],
      ['legal:terms_plans_title', 'legal:terms_plans_body'],
      ['legal:terms_refunds_title', 'legal:terms_refunds_body'],
      ['legal:terms_use_title', 'legal:terms_use_body'],
      ['legal:terms_law_title', 'legal:terms_law_body'],
      ['legal:terms_availability_title', 'legal:terms_availability_body'],
      ['legal:terms_liability_title', 'legal:terms_liability_body'],
      ['legal:terms_changes_title', 'legal:terms_changes_body'],
    ],
  },
  privacy: {
    title: 'legal:privacy_title',
    intro: 'legal:privacy_intro',
    sections: [
      ['legal:privacy_never_title', 'legal:privacy_never_body'],
      ['legal:privacy_collect_title', 'legal:privacy_collect_body'],
      ['legal:privacy_payments_title', 'legal:privacy_payments_body'],
      ['legal:privacy_cookies_title', 'legal:privacy_cookies_body'],
      ['legal:privacy_retention_title', 'legal:privacy_retention_body'],
      ['legal:privacy_rights_title', 'legal:privacy_rights_body'],
    ],
  },
  canary: {
    title: 'legal:canary_title',
    intro: 'legal:canary_intro',
    sections: [],
  },
} as const;

type ClauseName = keyof typeof CLAUSES;
const isClause = (name: string | undefined): name is ClauseName =>
  name === 'terms' || name === 'privacy' || name === 'canary';

/**
 * /clause/terms, /clause/privacy and /clause/canary (a route each, its title set by the route),
 * outside the root layout: terms of service, privacy policy or warrant canary.
 */
export default function ClausePage() {
  const name = useLocation().pathname.split('/').findLast(Boolean);
  const { t } = useTranslation(['legal', 'common']);
  const clause = isClause(name) ? CLAUSES[name] : undefined;
  if (!clause) return <NotFoundPage />;
  return (
    <main className={page.section}>
      <article className={page.narrow}>
        <p>
          <Link href="/">{t('common:brand_vpn')}</Link>
        </p>
        <h1 className={page.pageTitle}>{t(clause.title)}</h1>
        <p className={page.lead}>{t(clause.intro)}</p>
        {name === 'canary' ? (
          <CanaryStatement />
        ) : (
          clause.sections.map(([title, body]) => (
            <section key={title} className={page.mtXl}>
              <h2 className={page.tileTitle}>{t(title)}</h2>
              <p className={page.text}>{t(body)}</p>
            </section>
          ))
        )}
      </article>
    </main>
  );
}

function CanaryStatement() {
  const { t } = useTranslation('legal');
  const { reviewed, due } = canaryDates(useLanguage());
  return (
    <ul className={`${page.list} ${page.mtXl}`}>
      <li>{t('canary_statement', { date: reviewed })}</li>
      <li>{t('canary_no_data')}</li>
      <li>{t('canary_scope')}</li>
      <li>{t('canary_schedule', { date: due })}</li>
    </ul>
  );
}
