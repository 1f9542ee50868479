import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileSizes } from './gzip.ts';

export interface DirectorySize {
  files: number;
  raw: number;
  /** Sum of each file's gzip size (what a pre-compressing static server sends). */
  gzip: number;
  /** By file extension (`js`, `css`, `html`, `woff2`, `(none)`...). */
  byType: Record<string, { files: number; raw: number; gzip: number }>;
}

/** Size of every file below `dir` (a static build such as packages/ui/storybook-static). */
export function directorySize(dir: string): DirectorySize {
  const result: DirectorySize = { files: 0, raw: 0, gzip: 0, byType: {} };
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() || statSync(full).isFile()) {
        const { raw, gzip } = fileSizes(full);
        const type = path.extname(entry.name).slice(1).toLowerCase() || '(none)';
        const bucket = (result.byType[type] ??= { files: 0, raw: 0, gzip: 0 });
        for (const target of [result, bucket]) {
          target.files += 1;
          target.raw += raw;
          target.gzip += gzip;
        }
      }
    }
  };
  walk(dir);
  return result;
}
