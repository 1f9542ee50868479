/** The webhooks noun: what other folders may use of it (docs/architecture.md, noun folders). */
export { deliverWebhooks } from './deliver.ts';
export { queueWebhookEvent, type WebhookData } from './queue-event.ts';
export { sealWebhookSecret, webhookSecrets } from './secrets.ts';
export { signWebhook, verifyWebhookSignature } from './signature.ts';
export { webhookConsoleHandlers, type WebhookConsoleCall } from './console-routes.ts';
