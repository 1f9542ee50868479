// Size of the static Storybook (packages/ui/storybook-static, from `pnpm build-storybook`; turbo
// builds it before this bench): every file, raw and gzip, by type. Writes
// bench-results/storybook.json and the `frontend-storybook` section of docs/benchmarks.md.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  directorySize,
  kb,
  markdownTable,
  writeBenchSection,
  writeResults,
} from '@nimbus/bench-kit';

const root = fileURLToPath(new URL('..', import.meta.url));
const folder = path.join(root, 'storybook-static');
if (!existsSync(path.join(folder, 'index.html'))) {
  console.error('storybook-static/ is missing: run `pnpm build-storybook` first.');
  process.exit(1);
}
const size = directorySize(folder);
const rows = Object.entries(size.byType)
  .sort(([, a], [, b]) => b.raw - a.raw)
  .map(([type, s]) => ({ type, files: s.files, 'raw KB': kb(s.raw), 'gzip KB': kb(s.gzip) }));
rows.push({
  type: '**total**',
  files: size.files,
  'raw KB': kb(size.raw),
  'gzip KB': kb(size.gzip),
});
console.log(
  `@nimbus/ui static Storybook: ${size.files} files, ${kb(size.raw)} KB raw, ${kb(size.gzip)} KB gzip (each file gzipped)`,
);
console.table(rows);
writeResults(root, 'storybook', size);
writeBenchSection(
  'frontend-storybook',
  [
    `The UI kit's static Storybook (\`packages/ui/storybook-static\`, \`pnpm build-storybook\`): ${size.files} files, ${kb(size.raw)} KB raw, ${kb(size.gzip)} KB gzip (sum of each file gzipped at level 9), by type:`,
    '',
    markdownTable(rows),
  ].join('\n'),
);
