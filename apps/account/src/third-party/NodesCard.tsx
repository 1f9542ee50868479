import type { NodeStatusItem } from '@nimbus/api-sdk/contract';
import { regionFlag } from '@nimbus/domain/region';
import { formatDateTime, intlLocale, useTranslation, type Language } from '@nimbus/i18n';
import { StatusTag } from '@nimbus/ui/badge';
import { Card } from '@nimbus/ui/card';
import * as styles from './third-party.css.ts';

export interface NodesCardProps {
  items: readonly NodeStatusItem[];
  language: Language;
}

/**
 * The servers the member's plan opens: region flag (the region's name for screen readers), name,
 * online or offline by the server's last report, and when that was.
 */
export function NodesCard({ items, language }: NodesCardProps) {
  const { t } = useTranslation(['third-party']);
  const regions = new Intl.DisplayNames([intlLocale(language)], { type: 'region' });
  return (
    <Card title={t('third-party:nodes_title')}>
      <p className={styles.warning}>{t('third-party:nodes_lead')}</p>
      {items.length === 0 ? (
        <p role="status">{t('third-party:nodes_empty')}</p>
      ) : (
        <ul className={styles.nodeList} data-testid="node-list">
          {items.map((node, i) => (
            <li key={`${node.name}-${i}`} className={styles.nodeItem}>
              <span
                className={styles.flag}
                role="img"
                aria-label={regions.of(node.region) ?? node.region}
              >
                {regionFlag(node.region)}
              </span>
              <span className={styles.nodeName}>
                <span>{node.name}</span>
                <span className={styles.nodeSeen}>
                  {node.lastSeenAt === null
                    ? t('third-party:nodes_never_seen')
                    : t('third-party:nodes_last_seen', {
                        time: formatDateTime(node.lastSeenAt, language),
                      })}
                </span>
              </span>
              <StatusTag tone={node.online ? 'success' : 'neutral'}>
                {t(node.online ? 'third-party:nodes_online' : 'third-party:nodes_offline')}
              </StatusTag>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
