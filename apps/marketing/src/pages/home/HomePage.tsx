import { useTranslation } from '@nimbus/i18n';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { useFeatureShown } from '@nimbus/web';
import { PLATFORM_ANCHOR, type Platform } from '../../components/platforms.ts';
import { usePlatformOrder } from '../../components/usePlatformOrder.ts';
import * as page from '../../styles/page.css.ts';
import * as styles from './HomePage.css.ts';
import { TrialOffer } from './TrialOffer.tsx';

const DOWNLOAD_KEY = {
  IOS: 'download_ios',
  ANDROID: 'download_android',
  MAC: 'download_macos',
  WINDOWS: 'download_windows',
} as const satisfies Record<Platform, string>;

const HIGHLIGHTS = [
  ['perf_uptime', 'perf_uptime_desc'],
  ['perf_speed', 'perf_speed_desc'],
  ['perf_smart_routing', 'perf_smart_routing_desc'],
  ['perf_support', 'perf_support_desc'],
] as const;

const FEATURES = [
  ['feature_privacy_title', 'feature_privacy_desc'],
  ['feature_encryption_title', 'feature_encryption_desc'],
  ['feature_devices_title', 'feature_devices_desc'],
  ['feature_one_tap_title', 'feature_one_tap_desc'],
  ['feature_streaming_title', 'feature_streaming_desc'],
  ['feature_third_party_title', 'feature_third_party_desc'],
] as const;

const TESTIMONIALS = [
  ['testimonial_1_quote', 'testimonial_1_name'],
  ['testimonial_2_quote', 'testimonial_2_name'],
  ['testimonial_3_quote', 'testimonial_3_name'],
] as const;

/** A titled section of tiles, each a heading and a line of text. */
function TileSection({
  id,
  title,
  columns,
  tiles,
  muted = false,
}: {
  id: string;
  title: string;
  columns: 3 | 4;
  tiles: [string, string][];
  muted?: boolean;
}) {
  return (
    <section className={muted ? page.sectionMuted : page.section} aria-labelledby={id}>
      <div className={page.container}>
        <h2 id={id} className={page.sectionTitle}>
          {title}
        </h2>
        <ul className={`${page.grid[columns]} ${styles.plainList}`}>
          {tiles.map(([heading, text]) => (
            <li key={heading} className={page.tile}>
              <h3 className={page.tileTitle}>{heading}</h3>
              <p className={page.text}>{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * Home (spec section 2): hero, downloads, performance, features, testimonials, get the app, trial.
 */
export default function HomePage() {
  const { t } = useTranslation('home');
  const { order } = usePlatformOrder();
  // The trial button goes while the operator has the trial switched off.
  const trialShown = useFeatureShown('trial');
  return (
    <main>
      <section className={page.hero} aria-labelledby="hero-title">
        <div className={page.container}>
          <h1 id="hero-title" className={page.heroTitle}>
            {t('hero_title')}
          </h1>
          <p className={page.heroLead}>{t('hero_subtitle')}</p>
          <div className={page.heroActions}>
            <LinkButton href="/download" size="lg">
              {t('hero_cta')}
            </LinkButton>
            <LinkButton href="/pricing" variant="secondary" size="lg">
              {t('hero_view_plans')}
            </LinkButton>
          </div>
          <ul className={styles.downloads} aria-label={t('download_all_platforms')}>
            {order.map((platform) => (
              <li key={platform}>
                <Link
                  href={`/download#${PLATFORM_ANCHOR[platform]}`}
                  className={styles.downloadButton}
                  underline="hover"
                >
                  {t(DOWNLOAD_KEY[platform])}
                </Link>
              </li>
            ))}
          </ul>
          {trialShown && (
            <div className={styles.trial}>
              <TrialOffer tone="dark" />
            </div>
          )}
        </div>
      </section>

      <TileSection
        id="perf-title"
        title={t('perf_title')}
        columns={4}
        tiles={HIGHLIGHTS.map(([title, desc]) => [t(title), t(desc)])}
      />
      <TileSection
        id="features-title"
        title={t('features_title')}
        columns={3}
        muted
        tiles={FEATURES.map(([title, desc]) => [t(title), t(desc)])}
      />

      <section className={page.section} aria-labelledby="testimonials-title">
        <div className={page.container}>
          <h2 id="testimonials-title" className={page.sectionTitle}>
            {t('testimonials_title')}
          </h2>
          <ul className={`${page.grid[3]} ${styles.plainList}`}>
            {TESTIMONIALS.map(([quote, name]) => (
              <li key={quote} className={page.tile}>
                <figure className={styles.figure}>
                  <blockquote className={styles.quote}>{t(quote)}</blockquote>
                  <figcaption className={page.text}>— {t(name)}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={page.hero} aria-labelledby="cta-title">
        <div className={page.container}>
          <h2 id="cta-title" className={page.heroTitle}>
            {t('cta_title')}
          </h2>
          <p className={page.heroLead}>{t('cta_subtitle')}</p>
          <div className={page.heroActions}>
            <LinkButton href="/download" size="lg">
              {t('cta_button')}
            </LinkButton>
          </div>
        </div>
      </section>
    </main>
  );
}
