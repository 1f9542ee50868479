import { NONCE_ALPHABET, NONCE_LENGTH, type PlatformHeader } from '@nimbus/domain';

export type PublicKeys = Record<PlatformHeader, string>;
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => void;

const defaultRandom: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
};

/**
 * 8 random letters/digits. Bytes at or above the largest multiple of the alphabet size are
 * drawn again, so every character is equally likely (no modulo bias).
 */
export function createNonce(random: RandomFill = defaultRandom): string {
  const limit = 256 - (256 % NONCE_ALPHABET.length);
  let out = '';
  const bytes = new Uint8Array(NONCE_LENGTH * 2);
  while (out.length < NONCE_LENGTH) {
    random(bytes);
    for (const b of bytes) {
      if (b < limit && out.length < NONCE_LENGTH) out += NONCE_ALPHABET[b % NONCE_ALPHABET.length];
    }
  }
  return out;
}

/** The JSON that is encrypted: the payload plus nonce and timestamp (ms). */
export function signedJson(payload: object, nonce: string, timestamp: number): string {
  return JSON.stringify({ ...payload, nonce, timestamp });
}

/**
 * jsencrypt pads the string's char codes as bytes, so text beyond Latin-1 must be turned into
 * its UTF-8 bytes first; the server decodes the decrypted bytes as UTF-8.
 */
export function utf8BinaryString(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte);
  return out;
}

type Encrypter = { setPublicKey(key: string): void; encryptOAEP(text: string): string | false };
let encrypterClass: Promise<new () => Encrypter> | undefined;

/** jsencrypt is a separate chunk, loaded when the first signed call is made. */
function loadEncrypter(): Promise<new () => Encrypter> {
  encrypterClass ??= import('jsencrypt').then((m) => m.JSEncrypt as new () => Encrypter).catch((error: unknown) => {
    encrypterClass = undefined;
    throw error;
  });
  return encrypterClass;
}

const encrypters = new Map<string, Encrypter>();

/** Base64 RSA-OAEP (SHA-256) of the text's UTF-8 bytes with the SPKI PEM public key. */
export async function encryptOaep(text: string, publicKeyPem: string): Promise<string> {
  let encrypter = encrypters.get(publicKeyPem);
  if (!encrypter) {
    const JSEncrypt = await loadEncrypter();
    encrypter = new JSEncrypt();
    encrypter.setPublicKey(publicKeyPem);
    encrypters.set(publicKeyPem, encrypter);
  }
  const signature = encrypter.encryptOAEP(utf8BinaryString(text));
  if (signature === false) {
    throw new Error('Signing failed: the payload is too long for the key, or the public key is invalid');
  }
  return signature;
}
