import { expect, newLanguageContext, test } from '@nimbus/e2e-kit';

// Pages pre-rendered without a query string hydrate cleanly when opened with one, as on a slow
// phone (the CPU slowed 4x through the DevTools protocol): no mismatch (React error #418), no
// uncaught error. (An unknown group's lookup failing is the page's business, not hydration's.)

for (const route of ['/group-buying?groupId=G0000000001', '/download']) {
  test(`${route} hydrates without an error on a slow CPU`, async ({ browser, server }) => {
    const context = await newLanguageContext(browser, server.url, { language: 'en' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
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
