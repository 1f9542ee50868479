// Runs a bench script that imports the server's source (bench/scale.ts): bundled with esbuild as
// the server is (workspace packages inside, npm dependencies external), into node_modules/.cache
// so the externals resolve from this package. `node bench/bundle.ts scale [args...]`.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const name = process.argv[2] ?? '';
if (!/^[a-z-]+$/.test(name)) throw new Error('usage: node bench/bundle.ts <bench name> [args...]');
const outdir = path.join(root, 'node_modules/.cache/nimbus-bench');
mkdirSync(outdir, { recursive: true });

const externalNpm: Plugin = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@nimbus/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
    );
    // The shared bench writer finds docs/benchmarks.md from its own place: it stays where it is.
    b.onResolve({ filter: /bench-report\.mjs$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path),
      external: true,
    }));
  },
};
await build({
  absWorkingDir: root,
  entryPoints: { [name]: `bench/${name}.ts` },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'inline',
  plugins: [externalNpm],
  logLevel: 'warning',
  logOverride: { 'ignored-bare-import': 'silent' },
});
// The bundled script sees its own arguments, and where the package is.
process.argv.splice(2, 1, '--root', root);
await import(pathToFileURL(path.join(outdir, `${name}.js`)).href);
