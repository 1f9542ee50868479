import type { Plugin, PluginOption } from 'vite';
import { describe, expect, test } from 'vitest';
import { defineAppConfig } from './app-config.ts';

const pluginNames = (plugins: PluginOption[] | undefined): string[] =>
  (plugins ?? [])
    .flat(Infinity as 1)
    .filter((p): p is Plugin => typeof p === 'object' && p !== null && 'name' in p)
    .map((p) => p.name);

describe('defineAppConfig', () => {
  test('the base always ends with a slash; the dev server proxies the API paths to apiTarget', () => {
    const config = defineAppConfig({
      base: '/user',
      port: 5174,
      apiTarget: 'http://127.0.0.1:9000',
    });
    expect(config.base).toBe('/user/');
    expect(config.server).toMatchObject({
      port: 5174,
      strictPort: true,
      proxy: {
        '/v4': 'http://127.0.0.1:9000',
        '/dev': 'http://127.0.0.1:9000',
        '/sandbox': 'http://127.0.0.1:9000',
      },
    });
    expect(config.build).toMatchObject({ outDir: 'dist', manifest: true });
  });

  test('React with its refresh plugin and vanilla-extract; without pre-rendering nothing is bundled into SSR', () => {
    const config = defineAppConfig({ base: '/', port: 5173 });
    const names = pluginNames(config.plugins);
    expect(names.some((n) => n.startsWith('vite:react'))).toBe(true);
    expect(names.some((n) => n.includes('vanilla-extract'))).toBe(true);
    expect(config.resolve?.alias).toBeUndefined();
    expect(config.ssr?.noExternal).toEqual([]);
  });

  test("the dev server pre-bundles vanilla-extract's run time, which the UI kit depends on", () => {
    const config = defineAppConfig({ base: '/', port: 5173 });
    expect(config.optimizeDeps?.include).toEqual([
      '@nimbus/ui > @vanilla-extract/recipes/createRuntimeFn',
      '@nimbus/ui > @vanilla-extract/sprinkles/createRuntimeSprinkles',
    ]);
  });

  test('with pre-rendering our packages and their styles are bundled into the SSR build', () => {
    const config = defineAppConfig({ base: '/', port: 5173, prerender: { entry: 'src/x.tsx' } });
    expect(config.ssr?.noExternal).toEqual([/^@nimbus\//, /\.css\.ts$/]);
  });
});
