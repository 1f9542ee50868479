import {
  A11Y_LANGUAGES,
  catalogueText,
  expect,
  newLanguageContext,
  openApp,
  routerPaths,
  settle,
  test,
} from '@nimbus/e2e-kit';

// What a reader sees is finished text: no catalogue placeholder left unfilled on any page, the
// warrant canary dated, and an address no page takes answered as not found (status and title).

/** Every address of the router: its static paths, the clauses, one for a path with a parameter. */
const PAGES = [
  ...new Set([
    // /download/smart_links leaves at once for the platform's download (a file, or a store):
    // there is no page left to read (a11y.spec reads it, the redirect held by its settle).
    ...routerPaths(new URL('../src/routes.tsx', import.meta.url)).filter(
      (route) => !route.includes(':') && route !== '*' && route !== '/download/smart_links',
    ),
    '/clause/terms',
    '/clause/privacy',
    '/clause/canary',
    '/crypto-pay/3',
    '/no/such/page',
  ]),
];

const PLACEHOLDER = /\{\{\s*[\w.-]+\s*\}\}/;

for (const language of A11Y_LANGUAGES) {
  test(`no page shows an unfilled {{placeholder}}, ${language}`, async ({ browser, server }) => {
    const context = await newLanguageContext(browser, server.url, { language });
    const page = await context.newPage();
    for (const path of PAGES) {
      await openApp(page, path);
      await settle(page);
      const shown = await page.locator('body').innerText();
      expect(shown.match(PLACEHOLDER)?.[0], `${path} [${language}] body`).toBeUndefined();
      expect((await page.title()).match(PLACEHOLDER)?.[0], `${path} title`).toBeUndefined();
    }
    await context.close();
  });
}

/** A medium date as the site shows it in a language, read back to UTC midnight. */
function readDate(language: string, text: string): number {
  if (language === 'en') return Date.parse(`${text} UTC`);
  const [, year, month, day] = /^(\d{4})年(\d{1,2})月(\d{1,2})日$/.exec(text) ?? [];
  return Date.UTC(Number(year), Number(month) - 1, Number(day));
}

test('the warrant canary is dated, and names when its next review is due', async ({
  browser,
  server,
}) => {
  const dates: number[][] = [];
  for (const language of A11Y_LANGUAGES) {
    const context = await newLanguageContext(browser, server.url, { language });
    const page = await context.newPage();
    await openApp(page, '/clause/canary');
    const dateIn = async (key: string) => {
      const [before, after] = catalogueText(language, key, { date: '\u0000' }).split('\u0000');
      const item = page.getByRole('listitem').filter({ hasText: before ?? '' });
      await expect(item).toHaveCount(1);
      const text = (await item.innerText()).trim();
      expect(text.startsWith(before ?? ''), text).toBe(true);
      expect(text.endsWith(after ?? ''), text).toBe(true);
      const date = text.slice((before ?? '').length, text.length - (after ?? '').length);
      const value = readDate(language, date);
      expect(value, `"${date}" is a date`).not.toBeNaN();
      return value;
    };
    dates.push([await dateIn('legal:canary_statement'), await dateIn('legal:canary_schedule')]);
    await context.close();
  }
  const [[reviewed, due] = [], chinese] = dates;
  // Both languages state the same dates.
  expect(chinese).toEqual([reviewed, due]);
  // Reviewed on a real day in the past, due three calendar months later (the same day of the
  // month, or the month's last day when it is shorter).
  expect(reviewed).toBeLessThanOrEqual(Date.now());
  const day = new Date(reviewed ?? 0);
  const [year, month] = [day.getUTCFullYear(), day.getUTCMonth() + 3];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  expect(due).toBe(Date.UTC(year, month, Math.min(day.getUTCDate(), lastDay)));
});

test('an unknown clause is a 404 with the not-found page and title, in each language', async ({
  browser,
  server,
}) => {
  for (const language of A11Y_LANGUAGES) {
    const context = await newLanguageContext(browser, server.url, { language });
    const page = await context.newPage();
    const response = await page.goto('/clause/does-not-exist');
    expect(response?.status()).toBe(404);
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    await expect(page).toHaveTitle(catalogueText(language, 'meta:not_found_title'));
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: catalogueText(language, 'common:not_found_title'),
      }),
    ).toBeVisible();
    // The clauses themselves are pages.
    const known = await page.goto('/clause/canary');
    expect(known?.status()).toBe(200);
    await expect(page).toHaveTitle(catalogueText(language, 'meta:canary_title'));
    await context.close();
  }
});
