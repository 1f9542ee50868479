import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.ts';
import { openDatabase } from './db/database.ts';
import type { Config } from './config/env.ts';
import { loadPlatformKeys } from './keys/platform-keys.ts';
import { loadServerSecret } from './keys/server-secret.ts';
import { ensurePrivateDir } from './files/file-modes.ts';

/**
 * Everything the start command does before listening: open and migrate the database, load or
 * create the keys and the server secret, build the app. Shared by main.ts and the tests that
 * run a real server.
 */
export async function createServer(
  config: Config,
  extra: Omit<Partial<AppOptions>, 'config'> = {},
): Promise<FastifyInstance> {
  // Keys, the secret and the SQLite database live here: private whatever the umask.
  ensurePrivateDir(config.dataDir);
  const database = extra.database ?? openDatabase(config);
  try {
    await database.migrate();
    const [keys, secret] = await Promise.all([
      extra.keys ?? loadPlatformKeys(config.keysDir, config.signingKeys),
      extra.secret ?? loadServerSecret(config.dataDir, config.serverSecret),
    ]);
    return await buildApp({ ...extra, config, database, keys, secret });
  } catch (error) {
    await database.close();
    throw error;
  }
}
