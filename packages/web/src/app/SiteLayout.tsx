import { useTranslation } from '@nimbus/i18n';
import { visuallyHidden } from '@nimbus/ui/theme';
import { Outlet } from 'react-router';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { SiteFooter } from '../site/SiteFooter.tsx';
import { SiteHeader } from '../site/SiteHeader.tsx';
import { SiteNotices } from '../site/SiteNotices.tsx';

/**
 * The root layout of the site: skip link, site notices, header, the page, footer; scroll restored
 * on navigation.
 */
export function SiteLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a
        href="#main"
        className={visuallyHidden}
        onFocus={(e) => e.currentTarget.classList.remove(visuallyHidden)}
        onBlur={(e) => e.currentTarget.classList.add(visuallyHidden)}
      >
        {t('skip_to_content')}
      </a>
      <SiteNotices />
      <SiteHeader />
      <div id="main" tabIndex={-1} style={{ minHeight: '60vh', outline: 'none' }}>
        <Outlet />
      </div>
      <SiteFooter />
      <ScrollRestoration />
    </>
  );
}
