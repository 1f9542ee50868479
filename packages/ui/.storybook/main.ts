import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  // The build must work offline; telemetry would try to reach the network.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal: async (viteConfig, { configType }) => {
    const { mergeConfig } = await import('vite');
    const quiet =
      configType === 'PRODUCTION'
        ? {
            // `build-storybook --quiet` says only what is wrong: no list of the files written,
            // no notice that the preview bundle (every story and axe) is large, no timings.
            logLevel: 'warn' as const,
            build: {
              chunkSizeWarningLimit: 2000,
              reportCompressedSize: false,
              rolldownOptions: {
                onLog(
                  level: string,
                  log: { code?: string },
                  handler: (l: string, g: object) => void,
                ) {
                  // "use client" in the libraries means nothing in a client-only bundle.
                  if (log.code === 'MODULE_LEVEL_DIRECTIVE' || log.code === 'PLUGIN_TIMINGS')
                    return;
                  handler(level, log);
                },
              },
            },
          }
        : {};
    return mergeConfig(viteConfig, {
      plugins: [vanillaExtractPlugin()],
      // What the compiled styles import at run time (recipes, sprinkles): Vite's dependency
      // scan reads the source, where these imports do not appear, so the first story opened
      // found them, bundled the dependencies again and reloaded the preview. The apps list the
      // same modules in @nimbus/vite-config (VANILLA_EXTRACT_RUNTIME).
      optimizeDeps: {
        include: [
          '@vanilla-extract/recipes/createRuntimeFn',
          '@vanilla-extract/sprinkles/createRuntimeSprinkles',
        ],
      },
      ...quiet,
    });
  },
};

export default config;
