import { featureShown, type Feature } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Header } from '@nimbus/ui/header';
import type { HeaderSession, NavLink } from '@nimbus/ui/header';
import { useLocation } from 'react-router';
import { ACCOUNT_HOME_PATH } from '../app-paths.ts';
import { useGo, useWebApp } from '../app/web-app-context.tsx';
import { useClientConfig } from '../services/client-config-store.ts';
import { useDisplayConfig } from '../services/display-config-store.ts';
import { loadServices } from '../services/load-services.ts';
import { useSessionState } from '../session/session-store.ts';
import { SiteLanguageSwitcher } from './SiteLanguageSwitcher.tsx';

/**
 * The paths of the header's main links, the same in every app; a link that belongs to a feature
 * switch goes while the operator has it off. (Group buying stays: its page says it has not
 * started, as the spec has it.)
 */
export const HEADER_LINKS: readonly {
  href: string;
  key: 'nav_home' | 'nav_pricing' | 'nav_group_buying' | 'nav_download' | 'nav_affiliate';
  feature?: Feature;
}[] = [
  { href: '/', key: 'nav_home' },
  { href: '/pricing', key: 'nav_pricing' },
  { href: '/group-buying', key: 'nav_group_buying' },
  { href: '/download', key: 'nav_download' },
  { href: '/affiliate', key: 'nav_affiliate', feature: 'affiliate' },
];

/**
 * The site header bound to the catalogue, the login state and the client config's links
 * (More: blog, status, GitHub mirrors). Log out ends the session and returns to the home page.
 */
export function SiteHeader() {
  const { t } = useTranslation('common');
  const state = useSessionState();
  const config = useClientConfig();
  const go = useGo();
  const { basename } = useWebApp();
  const location = useLocation();
  const base = basename.replace(/\/+$/, '');

  const features = useDisplayConfig()?.config.features;
  const links: NavLink[] = HEADER_LINKS.filter(
    ({ feature }) => feature === undefined || featureShown(features, feature),
  ).map(({ href, key }) => ({ href, label: t(key) }));
  const candidates = config
    ? [
        { href: config.links.blog, label: t('nav_blog'), external: true },
        { href: config.links.status, label: t('nav_status'), external: true },
        ...config.links.githubMirrors.map((mirror) => ({
          href: mirror.url,
          label: `${t('nav_github_mirrors')}: ${mirror.name}`,
          external: true,
        })),
      ]
    : [];
  const moreLinks: NavLink[] = candidates.flatMap((link) =>
    link.href ? [{ ...link, href: link.href }] : [],
  );

  const session: HeaderSession =
    state === 'loggedIn'
      ? {
          loggedIn: true,
          account: { href: ACCOUNT_HOME_PATH, label: t('nav_my_account') },
          logOutLabel: t('nav_log_out'),
          onLogOut: () => {
            void loadServices()
              .then((services) => services.logout())
              .finally(() => go('/'));
          },
        }
      : {
          loggedIn: false,
          signUp: { href: '/register', label: t('nav_sign_up') },
          logIn: { href: '/login', label: t('nav_log_in') },
        };

  return (
    <Header
      brand={t('brand_vpn')}
      brandLabel={t('nav_home')}
      brandHref="/"
      navLabel={t('nav_main')}
      links={links}
      {...(moreLinks.length > 0 ? { more: { label: t('nav_more'), links: moreLinks } } : {})}
      session={session}
      languageSwitcher={<SiteLanguageSwitcher tone="dark" />}
      menuLabel={t('nav_open_menu')}
      menuTitle={t('nav_menu')}
      closeMenuLabel={t('nav_close_menu')}
      currentHref={`${base}${location.pathname === '/' && base ? '' : location.pathname}`}
      externalLabel={t('open_in_new_tab')}
    />
  );
}
