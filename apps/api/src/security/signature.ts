import { NONCE_ALPHABET, NONCE_LENGTH, SIGNATURE_WINDOW_MS } from '@nimbus/domain';
import type { NonceStore } from './nonce-store.ts';
import type { RsaDecryptor } from './rsa-decryptor.ts';

/** A decrypted signed payload: the call's own fields, without nonce and timestamp. */
export type SignedResult =
  { ok: true; payload: Record<string, unknown> } | { ok: false; reason: string };

const escapedAlphabet = NONCE_ALPHABET.replace(/[-\\\]^]/g, '\\$&');
const NONCE_PATTERN = new RegExp(`^[${escapedAlphabet}]{${NONCE_LENGTH}}$`);
/** Base64 of one RSA-2048 block is 344 characters; anything else cannot be a signature. */
const MAX_SIGNATURE_CHARS = 1024;

/**
 * Opens a signed call (architecture section 4): `signature` is base64 RSA-OAEP(SHA-256) of the
 * JSON `{ ...payload, nonce, timestamp }`. Refused when it does not decrypt, is not such an
 * object, its timestamp is outside the window, or its nonce was seen. The reason is for logs
 * only: callers answer every failure with the same error, so a prober learns nothing. The RSA
 * work runs on the decryptor's threads, off the event loop.
 */
export async function openSignedPayload(
  signature: string,
  keyName: string,
  nonces: NonceStore,
  now: number,
  decryptor: RsaDecryptor,
): Promise<SignedResult> {
  if (signature.length > MAX_SIGNATURE_CHARS || !/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) {
    return { ok: false, reason: 'not base64' };
  }
  const plain = await decryptor.decrypt(keyName, Buffer.from(signature, 'base64'));
  if (plain === null) return { ok: false, reason: 'does not decrypt' };
  const text = plain.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return { ok: false, reason: 'not an object' };
  const { nonce, timestamp, ...payload } = parsed as Record<string, unknown>;
  if (typeof nonce !== 'string' || !NONCE_PATTERN.test(nonce))
    return { ok: false, reason: 'bad nonce' };
  if (typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp))
    return { ok: false, reason: 'bad timestamp' };
  if (Math.abs(now - timestamp) > SIGNATURE_WINDOW_MS)
    return { ok: false, reason: 'timestamp outside the window' };
  if (!(await nonces.claim(nonce, timestamp))) return { ok: false, reason: 'replayed nonce' };
  return { ok: true, payload };
}
