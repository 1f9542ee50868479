import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import * as page from '../../styles/page.css.ts';

const STEPS = [
  'download:ios_guide_step_1',
  'download:ios_guide_step_2',
  'download:ios_guide_step_3',
  'download:ios_guide_step_4',
  'download:ios_guide_step_5',
] as const;

/**
 * /apple-help, outside the root layout: getting the iOS app with an Apple ID from another region.
 */
export default function AppleHelpPage() {
  const { t } = useTranslation(['download', 'common']);
  return (
    <main className={page.section}>
      <article className={page.narrow}>
        <p>
          <Link href="/">{t('common:brand_vpn')}</Link>
        </p>
        <h1 className={page.pageTitle}>{t('download:ios_guide_title')}</h1>
        <p className={page.lead}>{t('download:ios_guide_intro')}</p>
        <ol className={`${page.list} ${page.mtXl}`}>
          {STEPS.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
        <p className={`${page.notice} ${page.mtXl}`}>{t('download:ios_guide_help')}</p>
        <p className={page.mtXl}>
          <Link href="/download#ios">{t('download:ios_app_store')}</Link>
        </p>
      </article>
    </main>
  );
}
