import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

export interface AppConfigOptions {
  /**
   * The URL the app is served under: '/' (marketing), '/user/' (account), '/user/kol/' (affiliate).
   */
  base: string;
  /** Dev server port (the dev server proxies /v4 and /dev to the API at apiTarget). */
  port: number;
  /** Where the API runs in development; default http://127.0.0.1:8080. */
  apiTarget?: string;
  /**
   * Also build the SSR bundle of this entry into dist-ssr/ for pre-rendering (e.g.
   * 'src/prerender-entry.tsx').
   */
  prerender?: { entry: string };
}

/**
 * Vendor groups that change rarely, each its own long-cached chunk. Only libraries every page
 * needs (or the API chunk alone needs): a group that mixes in a module the entry uses would be
 * loaded by every page (the wallet libraries stay with the one page that imports them).
 */
const CHUNK_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 40 },
  {
    name: 'router',
    test: /node_modules[\\/](react-router|@remix-run|cookie-es)[\\/]/,
    priority: 30,
  },
  // react-i18next's <Trans> (with its HTML parser, 4 KB gzip) stays with the screens that use it.
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next)[\\/](?!dist[\\/]es[\\/]Trans(WithoutContext)?\.js$)/,
    priority: 30,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
];

/**
 * What vanilla-extract's compiled styles import at run time (the UI kit's recipes and
 * sprinkles). Vite's dependency scan reads the source, where these imports do not appear, so the
 * dev server found them on the first visit, bundled its dependencies again and reloaded the page
 * ("optimized dependencies changed. reloading"). Listed here they are bundled at start.
 */
export const VANILLA_EXTRACT_RUNTIME = [
  '@vanilla-extract/recipes/createRuntimeFn',
  '@vanilla-extract/sprinkles/createRuntimeSprinkles',
];

/**
 * The Vite config of an app: React, vanilla-extract (the UI kit's styles, its run time
 * pre-bundled for the dev server), the app's base (its hashed assets land under <base>assets/,
 * served immutable), vendor chunks split for caching.
 * `vite build --ssr <prerender.entry>` uses the same config with `build.ssr`.
 */
export function defineAppConfig({
  base,
  port,
  apiTarget = 'http://127.0.0.1:8080',
  prerender,
}: AppConfigOptions): UserConfig {
  const normalisedBase = base.endsWith('/') ? base : `${base}/`;
  return {
    base: normalisedBase,
    plugins: [vanillaExtractPlugin(), react()],
    server: {
      port,
      strictPort: true,
      proxy: { '/v4': apiTarget, '/dev': apiTarget, '/sandbox': apiTarget },
    },
    preview: { port, strictPort: true },
    // The UI kit depends on them (the apps do not, and pnpm resolves them only from there).
    optimizeDeps: { include: VANILLA_EXTRACT_RUNTIME.map((module) => `@nimbus/ui > ${module}`) },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: false,
      // Keep the manifest: the bench reads which chunks each route loads.
      manifest: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // "use client" in the libraries means nothing in a client-only bundle.
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
        output: {
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
    ssr: { noExternal: prerender ? [/^@nimbus\//, /\.css\.ts$/] : [] },
  };
}
