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
    return mergeConfig(viteConfig, { plugins: [vanillaExtractPlugin()], ...quiet });
  },
};

export default config;
