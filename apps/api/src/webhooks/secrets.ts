import type { ServerSecret } from '../keys/server-secret.ts';
import { SecretBox } from '../security/secret-box.ts';

/**
 * Endpoints' signing secrets are kept sealed (AES-256-GCM, a key derived from the server
 * secret, as benefit passwords are): a copy of the database alone cannot sign as Nimbus.
 */
export const webhookSecrets = (secret: ServerSecret): SecretBox =>
  new SecretBox(secret.derive('webhook:outbound-signing-secret'));

const CONTEXT = 'webhook_endpoints:secret';

export const sealWebhookSecret = (box: SecretBox, plain: string): string =>
  box.seal(plain, CONTEXT);

export const openWebhookSecret = (box: SecretBox, sealed: string): string =>
  box.open(sealed, CONTEXT);
