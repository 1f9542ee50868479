import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { AliasOptions, UserConfig } from 'vite';

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
  /**
   * 'preact': the app runs on preact/compat instead of react-dom (about 55 KB gzip less on
   * every first visit), with React's API unchanged for the app, the UI kit and the libraries.
   * For the public site, where the first visit's download matters most.
   */
  runtime?: 'react' | 'preact';
}

const shim = (file: string) => fileURLToPath(new URL(`./preact/${file}`, import.meta.url));

/**
 * React's module names pointed at the Preact shims (exact names only: `react-dom/server` etc. are
 * listed).
 */
function preactAliases(): AliasOptions {
  return [
    { find: /^react$/, replacement: shim('react.js') },
    { find: /^react-dom$/, replacement: shim('react-dom.js') },
    { find: /^react-dom\/client$/, replacement: shim('react-dom-client.js') },
    { find: /^react-dom\/server(\.browser|\.node)?$/, replacement: shim('react-dom-server.js') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: shim('jsx-runtime.js') },
  ];
}

/**
 * Vendor groups that change rarely, each its own long-cached chunk. Only libraries every page
 * needs (or the API chunk alone needs): a group that mixes in a module the entry uses would be
 * loaded by every page (the wallet libraries stay with the one page that imports them).
 */
const CHUNK_GROUPS: { name: string; test: RegExp; priority: number }[] = [
  // The Preact shims are the react runtime of a Preact build: in its chunk, not in whichever
  // group first reaches them through a library's import of 'react'.
  {
    name: 'react',
    test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]|[\\/]vite[\\/]src[\\/]preact[\\/]/,
    priority: 40,
  },
  {
    name: 'router',
    test: /node_modules[\\/](react-router|@remix-run|cookie-es)[\\/]/,
    priority: 30,
  },
  {
    name: 'i18n',
    test: /node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/,
    priority: 30,
  },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
];

/**
 * The Vite config of an app: React, vanilla-extract (the UI kit's styles), the app's base (its
 * hashed assets land under <base>assets/, served immutable), vendor chunks split for caching.
 * `vite build --ssr <prerender.entry>` uses the same config with `build.ssr`.
 */
export function defineAppConfig({
  base,
  port,
  apiTarget = 'http://127.0.0.1:8080',
  prerender,
  runtime = 'react',
}: AppConfigOptions): UserConfig {
  const normalisedBase = base.endsWith('/') ? base : `${base}/`;
  const preact = runtime === 'preact';
  return {
    base: normalisedBase,
    // With Preact, JSX compiles to the automatic runtime (aliased) and React's fast refresh is
    // off: the dev server reloads the page on a change.
    plugins: preact ? [vanillaExtractPlugin()] : [vanillaExtractPlugin(), react()],
    ...(preact
      ? {
          resolve: { alias: preactAliases() },
          oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        }
      : {}),
    server: {
      port,
      strictPort: true,
      proxy: { '/v4': apiTarget, '/dev': apiTarget, '/sandbox': apiTarget },
    },
    preview: { port, strictPort: true },
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: false,
      // Keep the manifest: the bench reads which chunks each route loads.
      manifest: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // "use client" in the libraries means nothing in a client-only bundle (React's plugin
        // hides the same notices; the Preact build has no React plugin).
        onLog(level, log, handler) {
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
          handler(level, log);
        },
        output: {
          codeSplitting: { groups: CHUNK_GROUPS },
        },
      },
    },
    // With Preact every library is bundled into the SSR build too, so that it renders with the
    // same aliased runtime as the browser.
    ssr: { noExternal: preact && prerender ? true : prerender ? [/^@nimbus\//, /\.css\.ts$/] : [] },
  };
}
