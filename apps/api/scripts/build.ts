// Bundles the server into dist/: our workspace packages (TypeScript source and the i18n JSON
// catalogues) go into the bundle, npm dependencies stay external and load from node_modules.
import { rm } from 'node:fs/promises';
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
    // is a chunk of its own, loaded only when it runs: `pnpm ops help` loads none of it.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
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

if (import.meta.main) {
  await buildServer(path.resolve(import.meta.dirname, '../dist'));
}
