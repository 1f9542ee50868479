import { describe, expect, test } from 'vitest';
import { MS_PER_HOUR } from './duration.ts';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  isWebhookEventType,
  webhookRetryDelayMs,
} from './webhooks.ts';

describe('webhook retries', () => {
  test('grow, and stop after about a day', () => {
    expect(webhookRetryDelayMs(1)).toBe(60_000);
    const delays = WEBHOOK_RETRY_DELAYS_MS;
    for (let i = 1; i < delays.length; i++)
      expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * MS_PER_HOUR);
    expect(total).toBeLessThan(26 * MS_PER_HOUR);
    expect(webhookRetryDelayMs(WEBHOOK_MAX_ATTEMPTS)).toBeUndefined();
    expect(webhookRetryDelayMs(0)).toBeUndefined();
  });

  test('event types are the listed ones', () => {
    expect(isWebhookEventType('order.paid')).toBe(true);
    expect(isWebhookEventType('order.created')).toBe(false);
    expect(isWebhookEventType(1)).toBe(false);
  });
});
