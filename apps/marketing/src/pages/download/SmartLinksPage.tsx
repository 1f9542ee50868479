import { useSystemClientConfig } from '@nimbus/api-sdk/react';
import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { Spinner } from '@nimbus/ui/spinner';
import { useEffect, useState } from 'react';
import {
  browserPlatform,
  PLATFORM_ANCHOR,
  PLATFORMS,
  type Platform,
} from '../../components/platforms.ts';
import * as page from '../../styles/page.css.ts';

const HEADER = {
  IOS: 'ios',
  ANDROID: 'android',
  MAC: 'mac',
  WINDOWS: 'windows',
} as const satisfies Record<Platform, string>;
const NAME = {
  IOS: 'download:ios_title',
  ANDROID: 'download:android_title',
  MAC: 'download:macos_title',
  WINDOWS: 'download:windows_title',
} as const;

/**
 * /download/smart_links: sends each platform to its download (store or package from the client
 * config; the download page's section when there is none), with manual links as a fallback.
 */
export default function SmartLinksPage() {
  const { t } = useTranslation(['download']);
  const config = useSystemClientConfig({});
  // No app fits the device (a Linux PC): the download page, which says what there is.
  const [platform] = useState<Platform | null>(() => browserPlatform());

  const item = platform && config.data?.downloads.find((d) => d.platform === HEADER[platform]);
  const target = !platform
    ? '/download'
    : item
      ? (item.storeUrl ?? item.packageUrl ?? `/download#${PLATFORM_ANCHOR[platform]}`)
      : null;
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  return (
    <main className={page.section}>
      <div className={page.narrow} style={{ textAlign: 'center' }}>
        <h1 className={page.pageTitle}>{t('download:smart_title')}</h1>
        {platform && (
          <p className={page.lead}>
            {t('download:smart_redirecting', { platform: t(NAME[platform]) })}
          </p>
        )}
        <div className={page.padBlockXl}>
          <Spinner label={t('download:smart_title')} />
        </div>
        <p className={page.text}>{t('download:smart_manual')}</p>
        <ul
          className={page.row}
          style={{ justifyContent: 'center', listStyle: 'none', padding: 0 }}
        >
          {PLATFORMS.map((p) => (
            <li key={p}>
              <Link href={`/download#${PLATFORM_ANCHOR[p]}`}>{t(NAME[p])}</Link>
            </li>
          ))}
        </ul>
      </div>
    </main>
  );
}
