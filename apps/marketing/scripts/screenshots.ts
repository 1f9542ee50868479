// Screenshots of the built site served by the built server, for looking at every screen:
//   node scripts/screenshots.ts "/,/pricing" "375,1920" en-US [full] [out-dir]
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions, registerUser, logInContext, startServer } from '@nimbus/e2e-kit';

const [
  pathsArg = '/',
  widthsArg = '375,1920',
  locale = 'en-US',
  full = '',
  outDir = '/tmp/nimbus-shots',
] = process.argv.slice(2);
const server = await startServer();
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const user = process.env.SHOTS_LOGGED_IN ? await registerUser(server.url) : null;
  for (const width of widthsArg.split(',').map(Number)) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale });
    if (user) await logInContext(context, server.url, user.token);
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'error') console.log('console error:', m.text().slice(0, 300));
    });
    page.on('pageerror', (e) => console.log('page error:', e.message));
    for (const path of pathsArg.split(',')) {
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      await page.waitForTimeout(600);
      const file = `${outDir}/${path.replace(/[^a-z0-9]+/gi, '_')}-${width}-${locale}.png`;
      await page.screenshot({ path: file, fullPage: full === 'full' });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
