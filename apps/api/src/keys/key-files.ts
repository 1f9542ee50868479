import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads a secret file, or creates it with `create()` when it does not exist yet. The file is
 * written exclusively (mode 0600), so when two processes start at once on one data folder the
 * second reads what the first wrote instead of overwriting it.
 */
export async function readOrCreateSecretFile(
  file: string,
  create: () => Promise<string>,
): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
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
