import { intSetting, parseBooleanText, type Setting } from './settings.ts';

/**
 * Operator alerts in Telegram (src/alerts/README.md): the defaults of the run-time settings
 * `alerts.*`. Alerts go to one chat (a group or channel the bot is in), in one language, for the
 * kinds the operators chose; without a chat (or without the bot) none are sent.
 */
export interface AlertsConfig {
  /** The chat id (`-1001234567890`) or public channel (`@nimbus_ops`); null: no alerts. */
  telegramChat: string | null;
  language: AlertLanguage;
  /** A node silent this long is offline; 0 turns node alerts off. */
  nodeOfflineMinutes: number;
  /** A payment provider failing to open checkouts or to refund. */
  payments: boolean;
  /** A buyer's bank taking a payment back. */
  disputes: boolean;
}

export const ALERT_LANGUAGES = ['en', 'zh-CN'] as const;
export type AlertLanguage = (typeof ALERT_LANGUAGES)[number];

/** A Telegram chat id (a group's is negative) or a public channel's @username. */
export const TELEGRAM_CHAT = /^(?:-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/;

export const NODE_OFFLINE_MINUTES_DEFAULT = 10;

export function parseTelegramChat(
  text: string,
  name: string,
  problems: string[],
): string | undefined {
  const chat = text.trim();
  if (TELEGRAM_CHAT.test(chat)) return chat;
  problems.push(`${name} must be a Telegram chat id (such as -1001234567890) or @channel`);
  return undefined;
}

export function parseAlertLanguage(
  text: string,
  name: string,
  problems: string[],
): AlertLanguage | undefined {
  const language = ALERT_LANGUAGES.find((l) => l === text.trim());
  if (language === undefined) problems.push(`${name} must be one of ${ALERT_LANGUAGES.join(', ')}`);
  return language;
}

export function parseAlertsConfig(get: Setting, problems: string[]): AlertsConfig {
  const chatText = get('ALERTS_TELEGRAM_CHAT');
  const languageText = get('ALERTS_LANGUAGE');
  const flag = (name: string) => {
    const text = get(name);
    return text === undefined ? true : (parseBooleanText(text, name, problems) ?? true);
  };
  return {
    telegramChat:
      chatText === undefined
        ? null
        : (parseTelegramChat(chatText, 'ALERTS_TELEGRAM_CHAT', problems) ?? null),
    language:
      languageText === undefined
        ? 'zh-CN'
        : (parseAlertLanguage(languageText, 'ALERTS_LANGUAGE', problems) ?? 'zh-CN'),
    nodeOfflineMinutes: intSetting(
      get,
      'ALERTS_NODE_OFFLINE_MINUTES',
      NODE_OFFLINE_MINUTES_DEFAULT,
      0,
      24 * 60,
      problems,
    ),
    payments: flag('ALERTS_PAYMENTS'),
    disputes: flag('ALERTS_DISPUTES'),
  };
}
