import { constants, privateDecrypt, type KeyObject } from 'node:crypto';

/** One RSA-OAEP(SHA-256) decryption, run on a worker thread of the pool (rsa-decryptor.ts). */
export interface DecryptTask {
  key: KeyObject;
  data: Uint8Array;
}

/** The plaintext, or null when the block does not decrypt with this key. */
export default function decrypt({ key, data }: DecryptTask): Uint8Array | null {
  try {
    return privateDecrypt(
      { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      data,
    );
  } catch {
    return null;
  }
}
