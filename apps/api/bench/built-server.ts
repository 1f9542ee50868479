import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time of any file under `dir` (ms). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * The built server every bench starts (`dist/main.js` of apps/api at `root`), built anew when it
 * is missing or older than any source file: a bench seeds with the sources' migrations, so a
 * stale build would refuse the database ("previously executed migration ... is missing") or
 * measure old code. Returns its path.
 */
export async function builtServer(root: string): Promise<string> {
  const main = path.join(root, 'dist/main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestUnder(path.join(root, 'src'))) {
    const { buildServer } = (await import(path.join(root, 'scripts/build.ts'))) as {
      buildServer: (outdir: string) => Promise<void>;
    };
    await buildServer(path.join(root, 'dist'));
  }
  return main;
}
