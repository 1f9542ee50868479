import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import * as page from '../../styles/page.css.ts';
import { TrialOffer } from './TrialOffer.tsx';

/** /trial, outside the root layout: the free trial on its own (linked from the apps and ads). */
export default function TrialPage() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <main className={`${page.narrow} ${page.padBlockXl} ${page.center}`}>
      <p>
        <Link href="/">{t('common:brand_vpn')}</Link>
      </p>
      <h1 className={page.pageTitle}>{t('home:trial_button')}</h1>
      <p className={page.lead}>{t('home:hero_subtitle')}</p>
      <div className={page.mtXl}>
        <TrialOffer />
      </div>
    </main>
  );
}
