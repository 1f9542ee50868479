import {
  catalogueText,
  expect,
  newLanguageContext,
  openApp,
  settle,
  test,
  type A11yLanguage,
} from '@nimbus/e2e-kit';

// A language switch keeps the page in the old language until every catalogue it shows is loaded
// in the new one: the heading goes from one language's text straight to the other's, never
// through a raw catalogue key. The catalogue chunks are slowed down so a gap would be seen.

const SWITCHES: { path: string; heading: string; from: A11yLanguage; to: A11yLanguage }[] = [
  { path: '/', heading: 'home:hero_title', from: 'en', to: 'zh-CN' },
  { path: '/pricing', heading: 'pricing:title', from: 'zh-CN', to: 'en' },
];

for (const { path, heading, from, to } of SWITCHES) {
  test(`switching ${from} to ${to} on ${path} never shows a raw key`, async ({
    browser,
    server,
  }) => {
    const context = await newLanguageContext(browser, server.url, { language: from });
    const page = await context.newPage();
    await openApp(page, path);
    await settle(page);
    const before = catalogueText(from, heading);
    const after = catalogueText(to, heading);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(before);

    // Every text the heading takes from now on, as the browser renders it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      const record = () => seen.push(document.querySelector('h1')?.textContent ?? '(no h1)');
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    });
    await page.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    await page
      .getByRole('combobox', { name: catalogueText(from, 'common:language_label') })
      .first()
      .selectOption(to);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(after);
    await expect(page.locator('html')).toHaveAttribute('lang', to);
    const seen = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
    expect(seen.length).toBeGreaterThan(0);
    expect([...new Set(seen)].filter((text) => text !== before && text !== after)).toEqual([]);
    await context.close();
  });
}
