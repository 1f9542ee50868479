import type { AlertLanguage } from '../config/alerts-config.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import type { Settings } from '../settings/settings-service.ts';
import { queueTelegramAlert } from '../telegram/index.ts';
import { closeAlert, openAlert } from './store.ts';
import { ALERT_TEXTS } from './texts.ts';

/** What raising and resolving alerts needs of the server's services. */
export interface AlertServices {
  db: Db;
  settings: Settings;
  config: Pick<Config, 'telegram'>;
}

/** The kinds of alert, each switched by its setting. */
export type AlertKind = 'node_offline' | 'payment_failing' | 'dispute';

type Text = (texts: (typeof ALERT_TEXTS)[AlertLanguage]) => string;

/**
 * Where alerts of `kind` go now: the chat and language, or null when alerts are off (no bot, no
 * chat named, or the kind switched off).
 */
async function destination(
  services: AlertServices,
  kind: AlertKind,
  trx: Db,
): Promise<{ chatId: string; language: AlertLanguage } | null> {
  if (services.config.telegram.botToken === undefined) return null;
  const values = await services.settings.values(trx);
  const chatId = values['alerts.telegramChat'];
  if (chatId === null) return null;
  const on =
    kind === 'node_offline'
      ? values['alerts.nodeOfflineMinutes'] > 0
      : kind === 'payment_failing'
        ? values['alerts.payments']
        : values['alerts.disputes'];
  return on ? { chatId, language: values['alerts.language'] } : null;
}

/**
 * Raises the alert `key` (`node_offline:12`): the first raise of an open alert queues its message
 * for the operators' chat, later ones (from this server or another) do nothing until it is
 * resolved. Nothing happens while alerts of its kind are off. Returns whether a message was queued.
 */
export async function raiseAlert(
  services: AlertServices,
  trx: Db,
  alert: { key: string; kind: AlertKind; text: Text; now: number },
): Promise<boolean> {
  const to = await destination(services, alert.kind, trx);
  if (!to || !(await openAlert(trx, alert.key, alert.kind, alert.now))) return false;
  await queueTelegramAlert(trx, {
    chatId: to.chatId,
    text: alert.text(ALERT_TEXTS[to.language]),
    now: alert.now,
  });
  return true;
}

/**
 * Resolves the open alert `key`, telling the operators once (`text`) that it is over. Nothing
 * when it was not open, or while alerts of its kind are off (it stays open until they are back
 * on and it is resolved). Returns whether a message was queued.
 */
export async function resolveAlert(
  services: AlertServices,
  trx: Db,
  alert: { key: string; kind: AlertKind; text: Text; now: number },
): Promise<boolean> {
  // Alerts off: no write at all (a checkout resolves the payment alert, so this is on a hot path).
  const to = await destination(services, alert.kind, trx);
  if (!to || !(await closeAlert(trx, alert.key, alert.now))) return false;
  await queueTelegramAlert(trx, {
    chatId: to.chatId,
    text: alert.text(ALERT_TEXTS[to.language]),
    now: alert.now,
  });
  return true;
}
