import { useEffect, useRef } from 'react';
import { useTranslation } from '@nimbus/i18n';
import { useLinkComponent } from '@nimbus/ui/link';
import { useDisplayConfig } from '../services/display-config-store.ts';
import { isCurrentSection, shownSections } from './sections.ts';
import * as styles from './UserLayout.css.ts';

/**
 * The account centre's navigation: a side list on desktop, a row of compact tabs that scrolls
 * sideways on 375 px. Plain links in the tab order; the current one is marked aria-current.
 */
export function SectionNav({ pathname }: { pathname: string }) {
  const { t } = useTranslation(['account']);
  const Anchor = useLinkComponent();
  const navRef = useRef<HTMLElement>(null);
  const features = useDisplayConfig()?.config.features;

  // On 375 px the tabs scroll sideways: bring the current one into view (the nav only, never the
  // page).
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav ref={navRef} aria-label={t('account:title')} className={styles.nav}>
      <ul className={styles.navList}>
        {shownSections(features).map((section) => {
          const current = isCurrentSection(section.href, pathname);
          return (
            <li key={section.href} className={styles.navItem}>
              <Anchor
                href={section.href}
                className={styles.navLink}
                aria-current={current ? 'page' : undefined}
              >
                {t(`account:${section.key}`)}
              </Anchor>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
