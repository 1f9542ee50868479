import type { FastifyInstance } from 'fastify';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { telegramApi } from './api-client.ts';
import { createBot } from './bot.ts';
import { registerWebhook, TELEGRAM_WEBHOOK_PATH, webhookSecret } from './webhook.ts';

/**
 * With a bot configured: the webhook route, and Telegram told where it is (setWebhook with the
 * secret; every server of a cluster sets the same URL and secret, so it is idempotent). A failure
 * to reach Telegram is logged and retried at the next start; the rest of the server does not wait.
 */
export function registerTelegram(
  app: FastifyInstance,
  services: PlatformServices,
  clock: () => number,
): void {
  const api = telegramApi(services.config.telegram);
  if (!api) return;
  const secret = webhookSecret(services.secret);
  registerWebhook(app, createBot(services, clock), secret);
  app.addHook('onReady', () => {
    api
      .setWebhook(`${services.config.publicUrl}${TELEGRAM_WEBHOOK_PATH}`, {
        secret_token: secret,
        allowed_updates: ['message'],
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'telegram setWebhook failed'));
  });
}
