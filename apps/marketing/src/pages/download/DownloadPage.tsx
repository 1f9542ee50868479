import { useSystemClientConfig } from '@nimbus/api-sdk/react';
import { downloadAvailable } from '@nimbus/domain/platform';
import { formatDate, useLanguage, useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { Spinner } from '@nimbus/ui/spinner';
import { PLATFORM_ANCHOR, type Platform } from '../../components/platforms.ts';
import { usePlatformOrder } from '../../components/usePlatformOrder.ts';
import * as page from '../../styles/page.css.ts';

const HEADER = {
  IOS: 'ios',
  ANDROID: 'android',
  MAC: 'mac',
  WINDOWS: 'windows',
} as const satisfies Record<Platform, string>;
const TITLE = {
  IOS: 'download:ios_title',
  ANDROID: 'download:android_title',
  MAC: 'download:macos_title',
  WINDOWS: 'download:windows_title',
} as const;

/**
 * Downloads from the client config: iPhone/iPad (App Store and the step-by-step guide), Android
 * (APK), macOS (App Store and PKG), Windows; the visitor's platform first.
 */
export default function DownloadPage() {
  const { t } = useTranslation(['download', 'common']);
  const language = useLanguage();
  const config = useSystemClientConfig({});
  const { order, current } = usePlatformOrder();
  // An entry with a version but no store page or package is not available yet.
  const available = (config.data?.downloads ?? []).filter(downloadAvailable);

  return (
    <main className={page.section}>
      <div className={page.container}>
        <h1 className={page.pageTitle}>{t('download:title')}</h1>
        <p className={page.lead}>{t('download:subtitle')}</p>
        {config.isPending ? (
          <div className={page.pendingBlock}>
            <Spinner label={t('common:loading')} showLabel />
          </div>
        ) : (
          <>
            {available.length === 0 && (
              <p className={`${page.notice} ${page.mtMd}`} role="status">
                {t('download:none_yet')}
              </p>
            )}
            <div className={`${page.grid[2]} ${page.mtXl}`}>
              {order.map((platform) => {
                const item = available.find((d) => d.platform === HEADER[platform]);
                return (
                  <section
                    key={platform}
                    id={PLATFORM_ANCHOR[platform]}
                    className={page.tile}
                    aria-labelledby={`${platform}-title`}
                  >
                    <h2 id={`${platform}-title`} className={page.tileTitle}>
                      {t(TITLE[platform])}
                    </h2>
                    {platform === current && (
                      <p className={page.successBox}>{t('download:recommended')}</p>
                    )}
                    {item ? (
                      <div className={page.stack}>
                        <p className={page.text}>
                          {t('download:version', { version: item.version })}
                          {item.releasedAt
                            ? ` · ${t('download:updated_at', { date: formatDate(item.releasedAt, language) })}`
                            : ''}
                          {item.minSystem ? ` · ${item.minSystem}` : ''}
                        </p>
                        <div className={page.row}>
                          {item.storeUrl && (
                            <LinkButton href={item.storeUrl} external>
                              {platform === 'MAC'
                                ? t('download:macos_app_store')
                                : t('download:ios_app_store')}
                            </LinkButton>
                          )}
                          {item.packageUrl && (
                            <LinkButton
                              href={item.packageUrl}
                              variant={item.storeUrl ? 'secondary' : 'primary'}
                              download
                            >
                              {platform === 'ANDROID'
                                ? t('download:android_apk')
                                : platform === 'MAC'
                                  ? t('download:macos_pkg')
                                  : t('download:windows_download')}
                            </LinkButton>
                          )}
                        </div>
                        {platform === 'IOS' && (
                          <Link href="/apple-help">{t('download:ios_guide')}</Link>
                        )}
                        {platform === 'ANDROID' && (
                          <p className={page.text}>{t('download:android_apk_hint')}</p>
                        )}
                        {platform === 'MAC' && item.packageUrl && (
                          <p className={page.text}>{t('download:macos_pkg_hint')}</p>
                        )}
                        {platform === 'WINDOWS' && (
                          <p className={page.text}>{t('download:windows_hint')}</p>
                        )}
                      </div>
                    ) : (
                      <p className={page.text}>{t('download:not_yet')}</p>
                    )}
                  </section>
                );
              })}
            </div>
          </>
        )}
        <p className={page.mtXl}>
          <Link href="/download/tips">{t('download:tips_title')}</Link>
        </p>
      </div>
    </main>
  );
}
