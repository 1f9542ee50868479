import type { AlertLanguage } from '../config/alerts-config.ts';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import type { SettingValues, Settings } from '../settings/index.ts';
import { queueTelegramAlert } from '../telegram/index.ts';
import { closeAlert, isAlertOpen, openAlert } from './store.ts';
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

interface Alert {
  key: string;
  kind: AlertKind;
  text: Text;
  now: number;
}

const kindOn = (values: Readonly<SettingValues>, kind: AlertKind) =>
  kind === 'node_offline'
    ? values['alerts.nodeOfflineMinutes'] > 0
    : kind === 'payment_failing'
      ? values['alerts.payments']
      : values['alerts.disputes'];

/** Queues the alert's text for the operators' chat, when there is a bot and a chat. */
async function tell(
  services: AlertServices,
  trx: Db,
  values: Readonly<SettingValues>,
  alert: Alert,
): Promise<boolean> {
  const chatId = values['alerts.telegramChat'];
  if (services.config.telegram.botToken === undefined || chatId === null) return false;
  await queueTelegramAlert(trx, {
    chatId,
    text: alert.text(ALERT_TEXTS[values['alerts.language']]),
    now: alert.now,
  });
  return true;
}

/**
 * Raises the alert `key` (`node_offline:12`) while its kind is switched on: the first raise of an
 * open alert records it, runs `onOpen` in the same transaction (a webhook event) and queues its
 * message for the operators' chat (when the bot and a chat are set); later raises, from this
 * server or another, do nothing until it is resolved. Returns whether it was opened now.
 */
export async function raiseAlert(
  services: AlertServices,
  trx: Db,
  alert: Alert & { onOpen?: (trx: Db) => Promise<unknown> },
): Promise<boolean> {
  const values = await services.settings.values(trx);
  if (!kindOn(values, alert.kind)) return false;
  if (!(await openAlert(trx, alert.key, alert.kind, alert.now))) return false;
  await alert.onOpen?.(trx);
  await tell(services, trx, values, alert);
  return true;
}

/**
 * Resolves the open alert `key`, telling the operators once (`text`) that it is over. Nothing
 * when it is not open (a read only: a checkout resolves the payment alert, so this is on a hot
 * path) or while its kind is switched off. Returns whether it was closed now.
 */
export async function resolveAlert(
  services: AlertServices,
  trx: Db,
  alert: Alert,
): Promise<boolean> {
  const values = await services.settings.values(trx);
  if (!kindOn(values, alert.kind) || !(await isAlertOpen(trx, alert.key))) return false;
  if (!(await closeAlert(trx, alert.key, alert.now))) return false;
  await tell(services, trx, values, alert);
  return true;
}
