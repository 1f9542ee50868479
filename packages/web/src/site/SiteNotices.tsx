import { visibleNotices } from '@nimbus/domain';
import { isLanguage, useTranslation } from '@nimbus/i18n';
import { useId } from 'react';
import { useDisplayConfig } from '../services/display-config-store.ts';
import { dismissNotice, useDismissedNotices } from './dismissed-notices.ts';
import * as styles from './SiteNotices.css.ts';

/**
 * The operator's site notices above the header, in the reader's language; each can be dismissed
 * and stays dismissed in this browser (by id, in every app), a new notice shows again.
 */
export function SiteNotices() {
  const { t, i18n } = useTranslation('common');
  const received = useDisplayConfig();
  const dismissed = useDismissedNotices();
  const baseId = useId();
  if (!received) return null;
  const shown = visibleNotices(received.config.notices, dismissed, received.receivedAt);
  if (shown.length === 0) return null;
  const language = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  return (
    <section className={styles.region} aria-label={t('notices_label')}>
      {shown.map((notice, index) => (
        <div key={notice.id} className={styles.level[notice.level]}>
          <p className={styles.text} id={`${baseId}-${index}`}>
            {notice.text[language]}{' '}
            {notice.link && (
              <a className={styles.link} href={notice.link}>
                {t('notice_more')}
              </a>
            )}
          </p>
          <button
            type="button"
            className={styles.dismiss}
            aria-describedby={`${baseId}-${index}`}
            onClick={() => dismissNotice(notice.id)}
          >
            {t('notice_dismiss')}
          </button>
        </div>
      ))}
    </section>
  );
}
