import { expect, newLanguageContext, test } from '@nimbus/e2e-kit';

// Pre-rendered pages hydrate cleanly on a slow phone (the CPU slowed 6x through the DevTools
// protocol): no mismatch (React error #418), no uncaught error. The page's chunk is held back
// until the client config has been answered, so the API's answers arrive before hydration: the
// first render must still show what the HTML shows (no data yet). Invite links carry a query the pre-render did not have.
// (An unknown group's lookup failing is the page's business, not hydration's.)

for (const [route, chunk] of [
  ['/group-buying?groupId=G0000000001', 'GroupBuyPage'],
  ['/download', 'DownloadPage'],
] as const) {
  test(`${route} hydrates without an error on a slow CPU`, async ({ browser, server }) => {
    const context = await newLanguageContext(browser, server.url, { language: 'en' });
    const page = await context.newPage();
    const configAnswered = page.waitForResponse(/\/system_client_config$/);
    await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (request) => {
      await configAnswered;
      await request.continue();
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(route);
    await page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    await context.close();
    expect(errors).toEqual([]);
  });
}
