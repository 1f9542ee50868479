import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/env.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../files/file-modes.ts';
import { chmodSync } from 'node:fs';

/**
 * The keys and the server secret a restored database needs (device ids, links and signed calls
 * are made with them): the files in DATA_DIR, when the environment does not give them.
 */
export interface KeyFiles {
  /** The key files copied (`ios.pem`...), and whether the server secret was. */
  keys: string[];
  serverSecret: boolean;
}

const pems = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.pem')) : [];

function copyPrivate(from: string, to: string): void {
  copyFileSync(from, to);
  chmodSync(to, PRIVATE_FILE_MODE);
}

/** Copies the key files and the server secret of `config` into the backup folder `to`. */
export function backUpKeyFiles(config: Config, to: string): KeyFiles {
  const keys = pems(config.keysDir);
  if (keys.length > 0) mkdirSync(path.join(to, 'keys'), { mode: PRIVATE_DIR_MODE });
  for (const name of keys)
    copyPrivate(path.join(config.keysDir, name), path.join(to, 'keys', name));
  const secret = path.join(config.dataDir, 'server-secret');
  const serverSecret = existsSync(secret);
  if (serverSecret) copyPrivate(secret, path.join(to, 'server-secret'));
  return { keys, serverSecret };
}

/** What of DATA_DIR a restore would overwrite (it refuses when anything is there). */
export function keyFilesPresent(config: Config): string[] {
  const secret = path.join(config.dataDir, 'server-secret');
  return [
    ...pems(config.keysDir).map((name) => path.join(config.keysDir, name)),
    ...(existsSync(secret) ? [secret] : []),
  ];
}

/** Puts the backup's key files and server secret into DATA_DIR. */
export function restoreKeyFiles(config: Config, from: string, files: KeyFiles): void {
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (files.keys.length > 0) mkdirSync(config.keysDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const name of files.keys)
    copyPrivate(path.join(from, 'keys', name), path.join(config.keysDir, name));
  if (files.serverSecret)
    copyPrivate(path.join(from, 'server-secret'), path.join(config.dataDir, 'server-secret'));
}
