// Prints the gzip size of the kit's CSS and of each component's JS, as an app would ship them:
// every subpath export is built alone with Vite in library mode (production, minified), with
// React external (the app has it already) and every other dependency bundled in.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entries = Object.entries(pkg.exports).map(([subpath, file]) => ({
  name: subpath.slice(2),
  file: join(root, file),
}));

const isReact = (id) => /^(react|react-dom)($|\/)/.test(id);

async function bundle(entry) {
  const output = await build({
    configFile: false,
    root,
    logLevel: 'silent',
    mode: 'production',
    plugins: [vanillaExtractPlugin(), react()],
    build: {
      write: false,
      minify: true,
      cssCodeSplit: false,
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rolldownOptions: { external: isReact },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  const js = chunks
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n');
  const css = chunks
    .filter((chunk) => chunk.type === 'asset' && chunk.fileName.endsWith('.css'))
    .map((chunk) =>
      typeof chunk.source === 'string' ? chunk.source : Buffer.from(chunk.source).toString('utf8'),
    )
    .join('\n');
  return { js, css };
}

const gzip = (text) => gzipSync(Buffer.from(text, 'utf8'), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(2);

const rows = [];
for (const entry of entries) {
  const { js, css } = await bundle(entry.file);
  rows.push({
    entry: `@nimbus/ui/${entry.name}`,
    jsRaw: Buffer.byteLength(js),
    jsGzip: gzip(js),
    cssGzip: gzip(css),
  });
}

// The kit's CSS: every export built together, so shared rules (theme, root font, field styles)
// count once.
const allEntry = join(root, 'bench', '.all-entries.ts');
writeFileSync(
  allEntry,
  entries
    .map(
      (entry) =>
        `export * as ${entry.name.replace(/-(\w)/g, (_, c) => c.toUpperCase())} from '../${entry.file.slice(root.length + 1)}';`,
    )
    .join('\n'),
);
const all = await bundle(allEntry);
const { rmSync } = await import('node:fs');
rmSync(allEntry);

console.log('\n@nimbus/ui bundle sizes (vite library build, minified, react external; KiB)\n');
console.log(
  `${'entry'.padEnd(32)}${'JS raw'.padStart(10)}${'JS gzip'.padStart(10)}${'CSS gzip'.padStart(10)}`,
);
for (const row of rows) {
  console.log(
    `${row.entry.padEnd(32)}${kb(row.jsRaw).padStart(10)}${kb(row.jsGzip).padStart(10)}${kb(row.cssGzip).padStart(10)}`,
  );
}
console.log('-'.repeat(62));
console.log(
  `${'whole kit (all entries)'.padEnd(32)}${kb(Buffer.byteLength(all.js)).padStart(10)}${kb(gzip(all.js)).padStart(10)}${kb(gzip(all.css)).padStart(10)}`,
);
console.log(`\nKit CSS: ${kb(Buffer.byteLength(all.css))} KiB raw, ${kb(gzip(all.css))} KiB gzip`);

const results = join(root, 'bench-results');
mkdirSync(results, { recursive: true });
writeFileSync(
  join(results, 'sizes.json'),
  `${JSON.stringify({ entries: rows, kit: { jsGzip: gzip(all.js), cssRaw: Buffer.byteLength(all.css), cssGzip: gzip(all.css) } }, null, 2)}\n`,
);
