import type { PlatformServices } from '../../platform/platform-services.ts';
import { telegramApi } from './api-client.ts';
import { deliverTelegramMessages } from './deliver-messages.ts';

/** The scheduled jobs' part: send the queued Telegram messages (0 without a bot). */
export async function sendTelegramMessages(
  services: Pick<PlatformServices, 'db' | 'config'>,
  now: number,
): Promise<number> {
  const api = telegramApi(services.config.telegram);
  return api ? deliverTelegramMessages(services.db, api, now) : 0;
}
