import { Api } from 'grammy';
import type { TelegramConfig } from '../../config/telegram-config.ts';

const clients = new Map<string, Api>();

/** The Bot API client of the configured bot (one per process), or undefined without a bot. */
export function telegramApi(config: TelegramConfig): Api | undefined {
  if (!config.botToken) return undefined;
  const key = `${config.apiRoot} ${config.botToken}`;
  let api = clients.get(key);
  if (!api) {
    api = new Api(config.botToken, { apiRoot: config.apiRoot });
    clients.set(key, api);
  }
  return api;
}
