import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { kitEnv } from './env.ts';

/** Flags for Debian's Chromium running headless as root in a container, quiet and offline. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export const chromiumLaunchOptions = {
  executablePath: kitEnv.chromiumPath,
  args: CHROMIUM_ARGS,
  headless: true,
};

/**
 * The Playwright config of an app's end-to-end suite: tests in `e2e/`, Chromium from
 * CHROMIUM_PATH (default /usr/bin/chromium, never a downloaded browser), one worker (the
 * machines have 2 cores and each worker starts its own server), traces kept on failure.
 * The server itself is started by the kit's `test` fixtures, not by `webServer`, so each
 * worker gets a fresh data folder.
 */
export function defineE2EConfig(overrides: PlaywrightTestConfig = {}): PlaywrightTestConfig {
  return defineConfig({
    testDir: 'e2e',
    outputDir: 'test-results/e2e',
    fullyParallel: false,
    workers: 1,
    retries: 0,
    timeout: 60_000,
    expect: { timeout: 10_000 },
    forbidOnly: kitEnv.ci,
    // The JSON report feeds CI's one closing line (tooling/scripts/test-summary.mjs).
    reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
    use: {
      ...devices['Desktop Chrome'],
      launchOptions: chromiumLaunchOptions,
      trace: 'retain-on-failure',
      screenshot: 'only-on-failure',
      locale: 'en-US',
    },
    ...overrides,
  });
}
