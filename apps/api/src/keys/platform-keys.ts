import { createPrivateKey, createPublicKey, generateKeyPair, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { PLATFORM_KEY_NAMES, type PlatformKeyName } from '../config/env.ts';
import { readOrCreateSecretFile } from './key-files.ts';

const generateKeyPairAsync = promisify(generateKeyPair);

export interface PlatformKeys {
  /**
   * Private keys as KeyObjects by platform, created once (decrypting with a PEM string re-parses it
   * each time); the signed-call decryptor's threads receive them when they start.
   */
  privateKeys: ReadonlyMap<PlatformKeyName, KeyObject>;
  /** SPKI PEM public keys, as the apps' jsencrypt expects them. */
  publicPems: Readonly<Record<PlatformKeyName, string>>;
}

async function newPrivatePem(): Promise<string> {
  const { privateKey } = await generateKeyPairAsync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return privateKey;
}

/**
 * One RSA-2048 key pair per platform. A key given by environment (SIGNING_KEY_<PLATFORM>) wins;
 * otherwise it is read from `<keysDir>/<platform>.pem`, generated there on first start.
 */
export async function loadPlatformKeys(
  keysDir: string,
  given: Partial<Record<PlatformKeyName, string>>,
): Promise<PlatformKeys> {
  const entries = await Promise.all(
    PLATFORM_KEY_NAMES.map(async (name) => {
      const pem =
        given[name] ??
        (await readOrCreateSecretFile(path.join(keysDir, `${name}.pem`), newPrivatePem));
      const key = createPrivateKey(pem);
      if (
        key.asymmetricKeyType !== 'rsa' ||
        (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048
      ) {
        throw new Error(`The signing key for ${name} must be an RSA key of at least 2048 bits`);
      }
      const publicPem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
      return [name, key, publicPem] as const;
    }),
  );
  const privateKeys = new Map(entries.map(([name, key]) => [name, key]));
  const publicPems = Object.fromEntries(entries.map(([name, , pem]) => [name, pem])) as Record<
    PlatformKeyName,
    string
  >;
  return { privateKeys, publicPems };
}
