// Bundles the server into dist/: our workspace packages (TypeScript source and the i18n JSON
// catalogues) go into the bundle, npm dependencies stay external and load from node_modules.
// `node scripts/build.ts --release=<dir>` (run by `pnpm release`, tooling/release) bundles the npm
// dependencies too, all but RUNTIME_PACKAGES, which the release copies beside the bundle.
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const externalNpm: Plugin = {
  name: 'external-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@nimbus/') || args.path.startsWith('node:')) return undefined;
      // dist/main.js resolves its imports from apps/api/node_modules: a package our workspace
      // code uses must be a dependency of this app, or the build fails here rather than at start.
      try {
        import.meta.resolve(args.path);
      } catch {
        return {
          errors: [
            {
              text: `${args.path} (imported by ${args.importer}) is not a dependency of @nimbus/app-api`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
    });
  },
};

/** How the server is bundled into `outdir` (main.js, ops.js, the RSA worker and their source maps). */
export function serverBuildOptions(outdir: string): BuildOptions {
  return {
    absWorkingDir: path.resolve(import.meta.dirname, '..'),
    entryPoints: {
      main: 'src/main.ts',
      ops: 'src/ops.ts',
      // Loaded by path on the signature pool's threads (security/rsa-decryptor.ts).
      'rsa-decrypt-worker': 'src/security/rsa-decrypt-worker.ts',
    },
    outdir,
    bundle: true,
    // What ops.js and main.js import dynamically (a command's code, the server for `pnpm ops`)
    // is a chunk of its own, loaded only when it runs: `pnpm ops help` loads none of it. Chunks
    // sit beside main.js: code in a chunk finds files by its own URL (the RSA worker,
    // security/rsa-decryptor.ts, is `./rsa-decrypt-worker.js` from there).
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    plugins: [externalNpm],
    logLevel: 'warning',
    legalComments: 'none',
    // i18n imports its i18next type augmentation for types only.
    logOverride: { 'ignored-bare-import': 'silent' },
  };
}

export async function buildServer(outdir: string): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build(serverBuildOptions(outdir));
}

/**
 * npm packages a release keeps outside its bundle: better-sqlite3 loads its native binary by
 * path, piscina and pino start worker threads from their own files, and pino-pretty is loaded
 * only with LOG_FORMAT=pretty. `pg-native` is pg's optional native driver, never installed.
 */
export const RUNTIME_PACKAGES = ['better-sqlite3', 'piscina', 'pino', 'pino-pretty'];
const NEVER_INSTALLED = ['pg-native'];

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const bundleNpm: Plugin = {
  name: 'bundle-npm',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageName(args.path);
      if (RUNTIME_PACKAGES.includes(name) || NEVER_INSTALLED.includes(name))
        return { path: args.path, external: true };
      return undefined;
    });
  },
};

/** The release's bundle: the server with its npm dependencies, minified, into `outdir`. */
export async function buildReleaseServer(outdir: string): Promise<void> {
  await rm(outdir, { recursive: true, force: true });
  await build({
    ...serverBuildOptions(outdir),
    plugins: [bundleNpm],
    minifySyntax: true,
    minifyWhitespace: true,
    // CommonJS dependencies inside an ES module bundle still call require() and read __dirname.
    banner: {
      js: [
        "import { createRequire as __nimbusRequire } from 'node:module';",
        "import { fileURLToPath as __nimbusPath } from 'node:url';",
        'const require = __nimbusRequire(import.meta.url);',
        'const __filename = __nimbusPath(import.meta.url);',
        "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
      ].join('\n'),
    },
  });
  await writeFile(
    path.join(outdir, 'runtime-packages.json'),
    `${JSON.stringify(RUNTIME_PACKAGES)}\n`,
  );
}

if (import.meta.main) {
  const release = process.argv.find((arg) => arg.startsWith('--release='));
  if (release) await buildReleaseServer(path.resolve(release.slice('--release='.length)));
  else await buildServer(path.resolve(import.meta.dirname, '../dist'));
}
