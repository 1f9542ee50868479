import {
  expect,
  newLanguageContext,
  settle,
  test,
  type A11yLanguage,
  type RunningServer,
} from '@nimbus/e2e-kit';
import type { Browser, Page } from '@playwright/test';
import { PRERENDER_PAGES } from '../src/prerender-pages.ts';

// Every pre-rendered page hydrates cleanly on a slow phone (the CPU slowed 4x through the
// DevTools protocol), in both languages, logged out and logged in, with the query strings the
// pages read (the pre-render had none): no mismatch (React error #418), no console error, no
// uncaught error. One context per pass, one tab for all its pages, one server for the file.

type PrerenderedPage = (typeof PRERENDER_PAGES)[number];

/** The queries a page reads from its link (invite codes, where to go after logging in). */
const QUERIES: Partial<Record<PrerenderedPage['path'], string[]>> = {
  '/group-buying': ['?groupId=G0000000001'],
  '/register': ['?invite=FRIEND1&redirect=%2Fpricing'],
  '/login': ['?redirect=%2Fpricing'],
  '/resetpassword': ['?redirect=%2Fpricing'],
  '/pricing': ['?plan=no-such-plan'],
};

const pathOf = (page: PrerenderedPage) => ('notFound' in page ? '/no-such-page' : page.path);
/** Every page. */
const PAGES = PRERENDER_PAGES.map(pathOf);
/** Every page, and each with the queries it reads (the second language skips those: CI time). */
const PATHS = PRERENDER_PAGES.flatMap((page) => [
  pathOf(page),
  ...(QUERIES[page.path] ?? []).map((query) => `${page.path}${query}`),
]);

/**
 * Links that carry the page's query on to the other sign-in pages. React does not patch an
 * attribute that differs while hydrating (and reports it only in development): a link rendered
 * with the query in the first render keeps the HTML's bare href.
 */
const CARRIED: Record<string, string[]> = {
  '/login?redirect=%2Fpricing': [
    '/resetpassword?redirect=%2Fpricing',
    '/register?redirect=%2Fpricing',
  ],
  '/register?invite=FRIEND1&redirect=%2Fpricing': ['/login?invite=FRIEND1&redirect=%2Fpricing'],
  '/resetpassword?redirect=%2Fpricing': ['/login?redirect=%2Fpricing'],
};

/** Where the login state shows beyond the header: what a member opens logged in. */
const LOGGED_IN_PATHS = ['/', '/pricing', '/group-buying?groupId=G0000000001', '/download'];

function collectErrors(page: Page, errors: string[], where: () => string): void {
  page.on('console', (message) => {
    // An unknown group's lookup failing is the page's business, not hydration's.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`${where()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${where()}: ${error.message}`));
}

async function slowTab(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
  await settle(page);
}

/** The errors of opening `paths` one after the other in one slowed tab. */
async function sweep(
  browser: Browser,
  server: RunningServer,
  language: A11yLanguage,
  paths: readonly string[],
  token?: string,
): Promise<string[]> {
  const context = await newLanguageContext(browser, server.url, {
    language,
    ...(token ? { token } : {}),
  });
  const page = await context.newPage();
  await slowTab(page);
  const errors: string[] = [];
  let current = '';
  collectErrors(page, errors, () => `${language} ${current}`);
  for (const path of paths) {
    current = path;
    await open(page, path);
    for (const href of CARRIED[path] ?? [])
      await expect(page.locator(`a[href="${href}"]`), `${language} ${path}`).toBeAttached();
  }
  await context.close();
  return errors;
}

test.describe('pre-rendered pages hydrate without an error on a slow CPU', () => {
  test('every page, en, logged out', async ({ browser, server }) => {
    expect(await sweep(browser, server, 'en', PATHS)).toEqual([]);
  });

  test('every page, zh-CN, logged out', async ({ browser, server }) => {
    expect(await sweep(browser, server, 'zh-CN', PAGES)).toEqual([]);
  });

  test('member pages, logged in', async ({ browser, server, user }) => {
    expect(await sweep(browser, server, 'en', LOGGED_IN_PATHS, user.token)).toEqual([]);
  });

  // The API's answers arrive before hydration when the page's chunk is late: the page's chunk is
  // held until the client config has been answered, and hydration must still show what the
  // HTML shows (no data yet), not the answer.
  test('pages whose API answers arrive before hydration', async ({ browser, server }) => {
    const context = await newLanguageContext(browser, server.url, { language: 'en' });
    const errors: string[] = [];
    for (const [path, chunk] of [
      ['/download', 'DownloadPage'],
      ['/group-buying?groupId=G0000000001', 'GroupBuyPage'],
    ] as const) {
      const page = await context.newPage();
      await slowTab(page);
      collectErrors(page, errors, () => path);
      const configAnswered = page.waitForResponse(/\/system_client_config$/);
      await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (request) => {
        await configAnswered;
        await request.continue();
      });
      await open(page, path);
      await page.close();
    }
    await context.close();
    expect(errors).toEqual([]);
  });
});
