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

/** jsencrypt is a separate chunk, loaded only where Web Crypto is missing (see encryptOaep). */
function loadEncrypter(): Promise<new () => Encrypter> {
  encrypterClass ??= import('jsencrypt')
    .then((m) => m.JSEncrypt as new () => Encrypter)
    .catch((error: unknown) => {
      encrypterClass = undefined;
      throw error;
    });
  return encrypterClass;
}

const TOO_LONG =
  'Signing failed: the payload is too long for the key, or the public key is invalid';
const encrypters = new Map<string, Encrypter>();

async function encryptWithJsencrypt(text: string, publicKeyPem: string): Promise<string> {
  let encrypter = encrypters.get(publicKeyPem);
  if (!encrypter) {
    const JSEncrypt = await loadEncrypter();
    encrypter = new JSEncrypt();
    encrypter.setPublicKey(publicKeyPem);
    encrypters.set(publicKeyPem, encrypter);
  }
  const signature = encrypter.encryptOAEP(utf8BinaryString(text));
  if (signature === false) throw new Error(TOO_LONG);
  return signature;
}

const webKeys = new Map<string, Promise<CryptoKey>>();

function importWebKey(subtle: SubtleCrypto, publicKeyPem: string): Promise<CryptoKey> {
  let key = webKeys.get(publicKeyPem);
  if (!key) {
    const base64 = publicKeyPem
      .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
      .replace(/\s+/g, '');
    const der = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    key = subtle.importKey('spki', der, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    key.catch(() => webKeys.delete(publicKeyPem));
    webKeys.set(publicKeyPem, key);
  }
  return key;
}

async function encryptWithWebCrypto(
  subtle: SubtleCrypto,
  text: string,
  publicKeyPem: string,
): Promise<string> {
  const key = await importWebKey(subtle, publicKeyPem).catch(() => {
    throw new Error(TOO_LONG);
  });
  const cipher = await subtle
    .encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text))
    .catch(() => {
      throw new Error(TOO_LONG);
    });
  let binary = '';
  for (const byte of new Uint8Array(cipher)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Base64 RSA-OAEP (SHA-256, MGF1 SHA-256) of the text's UTF-8 bytes with the SPKI PEM public key:
 * the bytes jsencrypt's encryptOAEP gives, which the server decrypts with node:crypto. Web Crypto
 * does it natively and off the main thread where the page has it (secure contexts: HTTPS and
 * localhost); elsewhere (a plain-HTTP mirror) jsencrypt's pure-JS RSA is loaded and used.
 */
export function encryptOaep(
  text: string,
  publicKeyPem: string,
  subtle: SubtleCrypto | undefined = globalThis.crypto?.subtle,
): Promise<string> {
  return subtle
    ? encryptWithWebCrypto(subtle, text, publicKeyPem)
    : encryptWithJsencrypt(text, publicKeyPem);
}
