import { hkdfSync, randomBytes } from 'node:crypto';
import path from 'node:path';
import { readOrCreateSecretFile } from './key-files.ts';

/** What a derived key is for; each purpose gets its own key so one leaking reveals no other. */
export type SecretPurpose =
  | 'device-id'
  | 'verification-code'
  | `webhook:${string}`
  | 'benefit-secret'
  | 'subscription-token'
  | 'node-credential'
  | 'sandbox-checkout'
  | 'operator-totp'
  | 'sign-in-link'
  | 'mail-unsubscribe';

export interface ServerSecret {
  derive(purpose: SecretPurpose): Buffer;
}

/**
 * The server secret: from SERVER_SECRET, or `<dataDir>/server-secret` (32 random bytes, hex),
 * created on first start. Keys for device ids, code hashes and webhooks are derived from it
 * with HKDF-SHA256, one per purpose.
 */
export async function loadServerSecret(
  dataDir: string,
  given: Buffer | undefined,
): Promise<ServerSecret> {
  const secret =
    given ??
    Buffer.from(
      (
        await readOrCreateSecretFile(path.join(dataDir, 'server-secret'), () =>
          Promise.resolve(randomBytes(32).toString('hex')),
        )
      ).trim(),
      'hex',
    );
  if (secret.length < 32) throw new Error('The server secret must hold at least 32 bytes');
  const cache = new Map<string, Buffer>();
  return {
    derive(purpose) {
      let key = cache.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `nimbus:${purpose}`, 32));
        cache.set(purpose, key);
      }
      return key;
    },
  };
}
