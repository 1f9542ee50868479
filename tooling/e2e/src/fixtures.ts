import { test as base, type Page } from '@playwright/test';
import { registerUser, type TestUser } from './api.ts';
import { startServer, type RunningServer } from './server.ts';
import { logInContext } from './session.ts';
import { startTelegramStandin, type TelegramStandin } from './telegram-standin.ts';

export interface KitWorkerFixtures {
  /** Extra server environment for this suite: `test.use({ serverEnv: { ... } })`. */
  serverEnv: Record<string, string>;
  /** Run the suite's server with a Telegram bot on a local Bot API stand-in: `test.use(...)`. */
  telegramBot: boolean;
  /** The Bot API stand-in when `telegramBot` is on (what the bot sent; updates to deliver). */
  telegram: TelegramStandin | undefined;
  /** The built server, one per worker, on its own port and data folder. */
  server: RunningServer;
}

export interface KitTestFixtures {
  /** A fresh user registered by e-mail through the real API. */
  user: TestUser;
  /** A page whose context is logged in as `user`. */
  loggedInPage: Page;
}

/**
 * Playwright's `test` with the kit's fixtures. `baseURL` is the server's, so
 * `page.goto('/pricing')`
 * opens the built marketing site served by the real API server.
 */
export const test = base.extend<KitTestFixtures, KitWorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  telegramBot: [false, { scope: 'worker', option: true }],
  telegram: [
    async ({ telegramBot }, use) => {
      const standin = telegramBot ? await startTelegramStandin() : undefined;
      await use(standin);
      await standin?.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ serverEnv, telegram }, use) => {
      const server = await startServer({ env: { ...serverEnv, ...telegram?.env } });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  user: async ({ server }, use) => use(await registerUser(server.url)),
  loggedInPage: async ({ browser, server, user }, use) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
    await logInContext(context, server.url, user.token);
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export { expect } from '@playwright/test';
