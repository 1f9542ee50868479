import {
  A11Y_LANGUAGES,
  catalogueText,
  expect,
  newLanguageContext,
  openApp,
  registerUser,
  settle,
  test,
} from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';

// The header at every window width from 320 to 1920 px (and 2560), in both languages, logged in
// and out, with every optional link configured: no control's box overlaps another's or leaves
// the window. From 1024 px the main links are in the bar (the common laptop widths show "Pricing");
// below, they collapse into the menu.

test.use({
  serverEnv: {
    BLOG_URL: 'https://blog.example.com/',
    STATUS_URL: 'https://status.example.com/',
    ANNOUNCEMENTS_URL: 'https://news.example.com/',
    GITHUB_MIRRORS:
      'Main=https://github.com/nimbus/releases,Backup=https://gitee.com/nimbus/releases',
  },
});

const WIDTHS = [
  ...Array.from({ length: (1920 - 320) / 40 + 1 }, (_, i) => 320 + i * 40),
  980,
  1366,
  2560,
].sort((a, b) => a - b);

const MAIN_LINKS = [
  'common:nav_pricing',
  'common:nav_group_buying',
  'common:nav_download',
  'common:nav_affiliate',
] as const;

/** The visible controls of the header that overlap one another or stick out of the window. */
async function headerCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) return ['no header'];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    const boxes = [...header.querySelectorAll('a, button, select, input')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => !el.closest('[role="dialog"], [hidden]'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const { el, box } of boxes) {
      if (box.left < -0.5 || box.right > width + 0.5)
        problems.push(`${name(el)} leaves the window (${box.left}-${box.right} of ${width})`);
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 0.5 && y > 0.5) problems.push(`${name(a.el)} overlaps ${name(b.el)}`);
      }
    }
    return problems;
  });
}

for (const language of A11Y_LANGUAGES) {
  for (const loggedIn of [false, true]) {
    test(`the header never overlaps from 320 to 2560 px, ${language}, ${loggedIn ? 'logged in' : 'logged out'}`, async ({
      browser,
      server,
    }) => {
      const token = loggedIn ? (await registerUser(server.url)).token : undefined;
      const context = await newLanguageContext(browser, server.url, {
        language,
        ...(token ? { token } : {}),
      });
      const page = await context.newPage();
      await openApp(page, '/');
      await settle(page);
      // Every optional control is there: the More menu (from the client config) and the session.
      const header = page.locator('header');
      await page.setViewportSize({ width: 1920, height: 900 });
      await expect(
        header.getByRole('button', { name: catalogueText(language, 'common:nav_more') }),
      ).toBeVisible();
      await expect(
        header.getByRole('link', {
          name: catalogueText(language, loggedIn ? 'common:nav_my_account' : 'common:nav_log_in'),
          exact: true,
        }),
      ).toBeVisible();

      // The main links are in the bar on the common laptop widths.
      const nav = header.getByRole('navigation', {
        name: catalogueText(language, 'common:nav_main'),
      });
      for (const width of [1024, 1280, 1366, 1536]) {
        await page.setViewportSize({ width, height: 900 });
        for (const key of MAIN_LINKS) {
          await expect(
            nav.getByRole('link', { name: catalogueText(language, key), exact: true }),
            `${key} at ${width} px`,
          ).toBeVisible();
        }
      }

      const found: string[] = [];
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        for (const problem of await headerCollisions(page)) found.push(`${width} px: ${problem}`);
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
}
