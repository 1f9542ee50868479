import { constants, privateDecrypt, type KeyObject } from 'node:crypto';
import { workerData } from 'node:worker_threads';

/** The private keys a pool decrypts with, by platform key name. */
export type DecryptKeys = ReadonlyMap<string, KeyObject>;

/** One RSA-OAEP(SHA-256) decryption: the block and the name of the key to open it with. */
export interface DecryptTask {
  keyName: string;
  data: Uint8Array;
}

/** The plaintext, or null when the block does not decrypt with the named key. */
export function decryptWith(keys: DecryptKeys, { keyName, data }: DecryptTask): Uint8Array | null {
  const key = keys.get(keyName);
  if (!key) return null;
  try {
    return privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      data,
    );
  } catch {
    return null;
  }
}

// On a pool's thread the keys arrive once, with the thread (rsa-decryptor.ts).
const threadKeys = (workerData as { keys?: DecryptKeys } | null)?.keys ?? new Map();

/** The task run on a worker thread of the pool. */
export default function decrypt(task: DecryptTask): Uint8Array | null {
  return decryptWith(threadKeys, task);
}
