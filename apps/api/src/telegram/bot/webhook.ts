import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { webhookCallback, type Bot } from 'grammy';
import type { ServerSecret } from '../../keys/server-secret.ts';

/** Where Telegram delivers the bot's updates (setWebhook's url, under PUBLIC_URL). */
export const TELEGRAM_WEBHOOK_PATH = '/telegram/webhook';

/**
 * The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token with every update: derived
 * from the server secret, so every server of a cluster knows it and nothing more is configured.
 * Telegram allows 1-256 characters of A-Z, a-z, 0-9, _ and -.
 */
export function webhookSecret(secret: ServerSecret): string {
  return createHmac('sha256', secret.derive('webhook:telegram')).update('v1').digest('base64url');
}

/**
 * POST /telegram/webhook: Telegram's updates, answered by the bot. A request without the secret
 * header is refused (401) before the update is read further; updates are small, so the body is
 * capped at 64 KiB.
 */
export function registerWebhook(app: FastifyInstance, bot: Bot, secret: string): void {
  const handle = webhookCallback(bot, 'fastify', { secretToken: secret });
  const expected = Buffer.from(secret);
  app.post(TELEGRAM_WEBHOOK_PATH, {
    bodyLimit: 64 * 1024,
    onRequest: async (request, reply) => {
      const given = Buffer.from(String(request.headers['x-telegram-bot-api-secret-token'] ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.code(401).type('application/json').send({ error: 'wrong secret token' });
    },
    handler: handle,
  });
}
