/**
 * @nimbus/vite-config: how a browser app builds. `defineAppConfig` is the Vite config of an app;
 * `@nimbus/vite-config/prerender` turns an app's SSR entry into pre-rendered pages.
 */
export { defineAppConfig, type AppConfigOptions } from './app-config.ts';
