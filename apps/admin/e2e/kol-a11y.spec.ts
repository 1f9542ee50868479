import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  apiCall,
  expectNoSeriousA11yViolations,
  openApp,
  registerUser,
  settle,
} from '@nimbus/e2e-kit';
import { expect, test, textIn } from './support.ts';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on the console's KOL screens, in English and
// Chinese, at 375 px and on a desktop window: the KOL list, a KOL (with a payout form and a
// payout), and the applications queue (with an approval form open).

let serial = 0;

for (const language of A11Y_LANGUAGES) {
  test(`the KOL screens, ${language}, 375 px and desktop`, async ({
    consolePage,
    operatorToken,
    server,
  }, testInfo) => {
    test.setTimeout(240_000);
    const text = textIn(language);
    const token = await operatorToken(`kol${language.replace('-', '')}${++serial}`, 'finance');
    const kol = await registerUser(server.url);
    server.ops(['kol', 'mark', kol.userId, '--rate=60', '--json']);
    const applicant = await registerUser(server.url);
    await apiCall(
      server.url,
      '/api/system/system_kol_apply',
      {
        links: ['https://t.me/vpn-reviews', 'https://youtube.com/@vpn-reviews'],
        audience: 'VPN reviews in Chinese, 20k subscribers',
        wallet: { network: 'ethereum', address: `0x${'d4'.repeat(20)}` },
      },
      { token: applicant.token },
    );
    for (const viewport of A11Y_VIEWPORTS) {
      const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;
      const page = await consolePage(token, { language, viewport });
      for (const [path, heading] of [
        ['/admin/kol', text('admin-kol:kols_title')],
        [`/admin/kol/${kol.userId}`, text('admin-kol:kol_title', { id: kol.userId })],
        ['/admin/kol/applications', text('admin-kol:applications_title')],
      ] as const) {
        await openApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await settle(page);
        await expectNoSeriousA11yViolations(page, { context: where(path), soft: true, testInfo });
      }
      // The approval form, opened by keyboard from the queue.
      const approve = page
        .getByRole('row')
        .filter({ hasText: applicant.email })
        .getByRole('button', { name: new RegExp(`^${text('admin-kol:approve')}`) });
      await approve.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('textbox', { name: text('admin-kol:approve_rate') }),
      ).toBeVisible();
      await settle(page);
      await expectNoSeriousA11yViolations(page, {
        context: where('/admin/kol/applications approving'),
        soft: true,
        testInfo,
      });
      await page.context().close();
    }
  });
}
