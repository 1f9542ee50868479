import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, ensurePrivateFile } from '../files/file-modes.ts';

/**
 * Reads a secret file, or creates it with `create()` when it does not exist yet. The file is
 * written exclusively (mode 0600), so when two processes start at once on one data folder the
 * second reads what the first wrote instead of overwriting it. An existing file and its folder
 * are made private (0600, 0700) too, whatever an older version or a copy left them at.
 */
export async function readOrCreateSecretFile(
  file: string,
  create: () => Promise<string>,
): Promise<string> {
  ensurePrivateDir(path.dirname(file));
  try {
    const content = await readFile(file, 'utf8');
    ensurePrivateFile(file);
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const content = await create();
  try {
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(content, 'utf8');
    } finally {
      await handle.close();
    }
    return content;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFile(file, 'utf8');
    throw error;
  }
}
