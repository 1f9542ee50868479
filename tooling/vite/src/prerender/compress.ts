import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|xml|txt|json|html)$/;

/**
 * Writes `.br` (brotli 11) and `.gz` (gzip 9) siblings of every text file of 1 KB or more under
 * `dir` (not `.vite/`): the server sends them as they are, so no CPU per request and the best
 * compression for the immutable assets and the pages. Returns how many files were compressed.
 */
export function precompress(dir: string): number {
  let compressed = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      if (name !== '.vite') compressed += precompress(file);
      continue;
    }
    // Pages too: the server's cache rule looks at the name without .br/.gz, so they are still
    // revalidated.
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(file);
    if (data.length < 1024) continue;
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(data, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    compressed += 1;
  }
  return compressed;
}
