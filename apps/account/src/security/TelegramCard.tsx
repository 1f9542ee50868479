import type { TelegramLinkStart, TelegramStatus } from '@nimbus/api-sdk/contract';
import { formatDate, formatTime, useTranslation, type Language } from '@nimbus/i18n';
import { Button } from '@nimbus/ui/button';
import { Card } from '@nimbus/ui/card';
import { Checkbox } from '@nimbus/ui/checkbox';
import { LinkButton } from '@nimbus/ui/link-button';
import { useState } from 'react';
import * as styles from './security.css.ts';

export interface TelegramCardProps {
  status: TelegramStatus | undefined;
  language: Language;
  /** A one-time `t.me` link; the status is polled by the page until the chat is linked. */
  pending: TelegramLinkStart | undefined;
  onLink: () => Promise<unknown>;
  onUnlink: () => Promise<unknown>;
  onNotices: (notices: boolean) => Promise<unknown>;
}

/**
 * The Telegram bot (when the service runs one): link a chat with a one-time `t.me` link (the
 * member presses Start in Telegram), then choose whether notices go there, or unlink in one click.
 */
export function TelegramCard({
  status,
  language,
  pending,
  onLink,
  onUnlink,
  onNotices,
}: TelegramCardProps) {
  const { t } = useTranslation(['account', 'common']);
  const [busy, setBusy] = useState(false);
  // The member's choice shows at once; it is dropped again when the server refuses it.
  const [chosen, setChosen] = useState<boolean | undefined>();
  const run = (action: () => Promise<unknown>) => {
    setBusy(true);
    action()
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  if (status && !status.available) return null;
  return (
    <Card title={t('account:telegram_title')}>
      <div className={styles.choices} aria-busy={status === undefined || busy}>
        <p className={styles.muted}>{t('account:telegram_desc')}</p>
        {status?.linked ? (
          <>
            <p className={styles.muted} data-testid="telegram-linked">
              {status.username
                ? t('account:telegram_linked', {
                    name: `@${status.username}`,
                    date: formatDate(status.linkedAt ?? 0, language),
                  })
                : t('account:telegram_linked_no_name', {
                    date: formatDate(status.linkedAt ?? 0, language),
                  })}
            </p>
            <Checkbox
              checked={chosen ?? status.notices}
              disabled={busy}
              aria-describedby="telegram-notices-hint"
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setChosen(on);
                run(() =>
                  onNotices(on).catch((error: unknown) => {
                    setChosen(undefined);
                    throw error;
                  }),
                );
              }}
            >
              <span className={styles.choiceLabel}>{t('account:telegram_notices')}</span>
              <span id="telegram-notices-hint" className={styles.muted}>
                {t('account:telegram_notices_hint')}
              </span>
            </Checkbox>
            <div>
              <Button variant="secondary" size="sm" disabled={busy} onClick={() => run(onUnlink)}>
                {t('account:telegram_unlink')}
              </Button>
            </div>
          </>
        ) : pending ? (
          <>
            <div>
              <LinkButton
                href={pending.url}
                size="sm"
                external
                externalLabel={t('common:open_in_new_tab')}
              >
                {t('account:telegram_open')}
              </LinkButton>
            </div>
            <p className={styles.muted} role="status">
              {t('account:telegram_waiting', { time: formatTime(pending.expiresAt, language) })}
            </p>
          </>
        ) : (
          <div>
            <Button size="sm" disabled={busy || status === undefined} onClick={() => run(onLink)}>
              {t('account:telegram_link')}
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
