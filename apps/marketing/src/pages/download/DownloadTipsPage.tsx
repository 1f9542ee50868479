import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import * as page from '../../styles/page.css.ts';

const TIPS = [
  'download:tip_browser',
  'download:tip_open_in_browser',
  'download:tip_storage',
  'download:tip_unknown_sources',
  'download:tip_update',
  'download:tip_still_stuck',
] as const;

/** /download/tips: what to do when downloading or installing fails. */
export default function DownloadTipsPage() {
  const { t } = useTranslation(['download', 'common']);
  return (
    <main className={page.section}>
      <div className={page.narrow}>
        <h1 className={page.pageTitle}>{t('download:tips_title')}</h1>
        <p className={page.lead}>{t('download:tips_intro')}</p>
        <ol className={`${page.list} ${page.mtXl}`}>
          {TIPS.map((tip) => (
            <li key={tip}>{t(tip)}</li>
          ))}
        </ol>
        <p className={page.mtXl}>
          <Link href="/download">{t('download:title')}</Link>
        </p>
      </div>
    </main>
  );
}
