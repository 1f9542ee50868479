// Size of the browser client as the apps ship it: a minified production build of the root entry
// (every export kept, as a library build does) with vite. Prints the gzip size of the core
// client and of the jsencrypt chunk it loads on the first signed call. Target: core <= 10 KB gzip.
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const CORE_TARGET_BYTES = 10 * 1024;
const entry = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const result = await build({
  configFile: false,
  logLevel: 'silent',
  mode: 'production',
  build: {
    write: false,
    minify: true,
    target: 'es2022',
    lib: { entry, formats: ['es'], fileName: 'client' },
    // Library builds keep whitespace by default; the apps' builds do not, so neither do we.
    rolldownOptions: { output: { minify: true } },
  },
});

const outputs = (Array.isArray(result) ? result : [result])
  .flatMap((r) => r.output)
  .filter((o) => o.type === 'chunk');
const entryChunk = outputs.find((c) => c.isEntry);
if (!entryChunk) throw new Error('no entry chunk');

// The core is the entry plus every chunk it imports statically; dynamic imports load later.
const core = new Set();
const visit = (chunk) => {
  if (core.has(chunk)) return;
  core.add(chunk);
  for (const name of chunk.imports) {
    const next = outputs.find((c) => c.fileName === name);
    if (next) visit(next);
  }
};
visit(entryChunk);
const lazy = outputs.filter((c) => !core.has(c));

const gz = (code) => gzipSync(code, { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;
const coreCode = [...core].map((c) => c.code).join('\n');
const coreGzip = gz(coreCode);

console.log('api-sdk bundle size (vite production build, minified, gzip -9)');
console.log(
  `  core client (${[...core].map((c) => c.fileName).join(', ')}): ${kb(Buffer.byteLength(coreCode))} raw, ${kb(coreGzip)} gzip (target <= ${kb(CORE_TARGET_BYTES)})`,
);
for (const c of lazy) {
  const what = c.moduleIds.some((id) => id.includes('jsencrypt'))
    ? 'jsencrypt chunk'
    : 'lazy chunk';
  console.log(
    `  ${what} (${c.fileName}): ${kb(Buffer.byteLength(c.code))} raw, ${kb(gz(c.code))} gzip`,
  );
}

const problems = [];
if (core.size > 0 && [...core].some((c) => c.moduleIds.some((id) => id.includes('jsencrypt'))))
  problems.push('jsencrypt is in the core bundle');
if ([...core, ...lazy].some((c) => c.moduleIds.some((id) => id.includes('/typebox/'))))
  problems.push('TypeBox is in the browser bundle');
if (!lazy.some((c) => c.moduleIds.some((id) => id.includes('jsencrypt'))))
  problems.push('no separate jsencrypt chunk');
if (coreGzip > CORE_TARGET_BYTES)
  problems.push(`core client is over the ${kb(CORE_TARGET_BYTES)} target`);
for (const p of problems) console.error(`  FAIL: ${p}`);
process.exitCode = problems.length ? 1 : 0;
