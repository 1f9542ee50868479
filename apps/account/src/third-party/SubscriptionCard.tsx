import type { Subscription } from '@nimbus/api-sdk/contract';
import { useTranslation } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { CopyButton } from '@nimbus/ui/copy-button';
import { ConfirmDialog } from '@nimbus/ui/dialog';
import { Link } from '@nimbus/ui/link';
import { LinkButton } from '@nimbus/ui/link-button';
import { QRCode } from '@nimbus/ui/qr-code';
import { Tabs } from '@nimbus/ui/tabs';
import { CLIENTS, clientLinks, type ClientInfo } from './clients.ts';
import { useImportWatch } from './use-import-watch.ts';
import * as styles from './third-party.css.ts';

export interface SubscriptionCardProps {
  subscription: Subscription;
  onReset: () => Promise<unknown>;
}

/**
 * The subscription link per client (Clash/mihomo, sing-box, Shadowrocket, Surge,
 * Quantumult X, Loon): copy, QR code and a
 * one-click import; when the import opens nothing, how to install the client or add the link by
 * hand.
 */
export function SubscriptionCard({ subscription, onReset }: SubscriptionCardProps) {
  const { t } = useTranslation(['third-party', 'common']);
  const { failed, watch } = useImportWatch();
  const copy = { copiedLabel: t('common:copied'), failedLabel: t('common:copy_failed') };

  const panel = (client: ClientInfo) => {
    const { url, importLink } = clientLinks(subscription, client.id);
    return (
      <div className={styles.panel}>
        <div className={styles.linkBlock}>
          <span className={styles.label}>{t('third-party:subscription_link')}</span>
          <code className={styles.url} data-testid={`subscription-url-${client.id}`}>
            {url}
          </code>
          <div className={styles.buttons}>
            <CopyButton text={url} label={t('third-party:copy_link')} {...copy} />
            <LinkButton href={importLink} size="sm" onClick={() => watch(client.id)}>
              {t(`third-party:${client.importKey}`)}
            </LinkButton>
          </div>
          <details className={styles.help} open={failed === client.id || undefined}>
            <summary>{t('third-party:import_failed_title')}</summary>
            <p>{t('third-party:import_failed_body', { client: client.name })}</p>
            <Link href={client.installUrl} external externalLabel={t('common:open_in_new_tab')}>
              {t('third-party:install_client', { client: client.name })}
            </Link>
          </details>
        </div>
        <figure className={styles.qr}>
          <QRCode value={url} label={`${t('third-party:qr_alt')} (${client.name})`} size={160} />
          <figcaption className={styles.caption}>{t('third-party:qr_title')}</figcaption>
        </figure>
      </div>
    );
  };

  return (
    <Card
      title={t('third-party:subscription_link')}
      actions={
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              {t('third-party:reset_link')}
            </Button>
          }
          title={t('third-party:reset_confirm_title')}
          description={t('third-party:reset_confirm_body')}
          confirmLabel={t('third-party:reset_link')}
          cancelLabel={t('common:button_cancel')}
          tone="danger"
          onConfirm={onReset}
        />
      }
    >
      <p className={styles.warning}>{t('third-party:keep_private')}</p>
      <Tabs
        label={t('third-party:import_title')}
        items={CLIENTS.map((client) => ({
          value: client.id,
          label: client.name,
          content: panel(client),
        }))}
      />
    </Card>
  );
}
