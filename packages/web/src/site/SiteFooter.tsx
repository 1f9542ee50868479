import { featureShown, type Feature } from '@nimbus/domain';
import { useTranslation } from '@nimbus/i18n';
import { Footer, type FooterColumn } from '@nimbus/ui/footer';
import { useHydrated } from '../app/use-hydrated.ts';
import { useClientConfig } from '../services/client-config-store.ts';
import { useDisplayConfig } from '../services/display-config-store.ts';
import { SiteLanguageSwitcher } from './SiteLanguageSwitcher.tsx';

/** The site footer: legal, help and navigation columns, copyright and the language switch. */
export function SiteFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation('common');
  const hydrated = useHydrated();
  const config = useClientConfig();
  const features = useDisplayConfig()?.config.features;
  const shown = (feature: Feature) => featureShown(features, feature);
  const columns: FooterColumn[] = [
    {
      title: t('footer_legal'),
      links: [
        { href: '/clause/terms', label: t('footer_terms') },
        { href: '/clause/privacy', label: t('footer_privacy') },
        { href: '/clause/canary', label: t('footer_canary') },
      ],
    },
    {
      title: t('footer_help'),
      links: [
        { href: '/faq', label: t('footer_faq') },
        ...(config?.links.announcements
          ? [{ href: config.links.announcements, label: t('footer_announcements'), external: true }]
          : []),
        // The FAQ entry it points at shows only while the student discount is on.
        ...(shown('studentDiscount')
          ? [{ href: '/faq#student-discount', label: t('footer_student_discount') }]
          : []),
        { href: '/pricing', label: t('footer_plans') },
        ...(config ? [{ href: `mailto:${config.support.email}`, label: t('footer_contact') }] : []),
      ],
    },
    {
      title: t('footer_navigation'),
      links: [
        { href: '/', label: t('nav_home') },
        { href: '/download', label: t('nav_download') },
        { href: '/group-buying', label: t('nav_group_buying') },
        ...(shown('affiliate') ? [{ href: '/affiliate', label: t('nav_affiliate') }] : []),
      ],
    },
  ];
  return (
    <Footer
      columns={columns}
      brand={
        <>
          <strong>{t('brand_vpn')}</strong>
          <p>{t('footer_tagline')}</p>
        </>
      }
      copyright={
        // The pre-rendered year is the build's: while hydrating its text is kept as it is (no
        // mismatch when the year has turned since), then the span is replaced with this year.
        <span key={hydrated ? 'now' : 'html'} suppressHydrationWarning>
          {t('footer_copyright', { year })}
        </span>
      }
      languageSwitcher={<SiteLanguageSwitcher />}
      externalLabel={t('open_in_new_tab')}
    />
  );
}
