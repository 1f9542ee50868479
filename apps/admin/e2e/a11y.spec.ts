import {
  A11Y_LANGUAGES,
  A11Y_VIEWPORTS,
  catalogueText,
  expectNoSeriousA11yViolations,
  openApp,
  registerUser,
  settle,
  type A11yLanguage,
} from '@nimbus/e2e-kit';
import type { Page } from '@playwright/test';
import { createOperator, expect, test } from './support.ts';

// axe (WCAG 2.0/2.1 A and AA plus best practices) on every console screen, in English and
// Chinese, at 375 px and on a desktop window: sign-in, enrolment, users, a user (and its dialog
// that changes the sign-in e-mail), orders, operators and the not-found screen.

const text = (language: A11yLanguage, key: string, vars: Record<string, string> = {}) =>
  catalogueText(language, key, vars);

async function scan(
  page: Page,
  where: string,
  testInfo: Parameters<Parameters<typeof test>[2]>[1],
) {
  await settle(page);
  await expectNoSeriousA11yViolations(page, { context: where, soft: true, testInfo });
}

let serial = 0;

for (const language of A11Y_LANGUAGES) {
  test(`every console screen, ${language}, 375 px and desktop`, async ({
    consolePage,
    newContext,
    operatorToken,
    server,
  }, testInfo) => {
    // Nine screens at two widths, each scanned by axe: minutes on a loaded two-core machine.
    test.setTimeout(300_000);
    const token = await operatorToken(`a11y${language.replace('-', '')}${++serial}`, 'admin');
    const member = await registerUser(server.url);
    const pending = createOperator(server, `new${language.replace('-', '')}${serial}`, 'support');
    for (const viewport of A11Y_VIEWPORTS) {
      const where = (what: string) => `${what} [${language}, ${viewport.width} px]`;

      // Signed out: the sign-in screen; a first sign-in: the enrolment screen.
      const anonymous = await newContext({ language, viewport });
      const first = await anonymous.newPage();
      await openApp(first, '/admin');
      await expect(first.locator('html')).toHaveAttribute('lang', language);
      await expect(
        first.getByRole('heading', { level: 1, name: text(language, 'admin:sign_in_title') }),
      ).toBeVisible();
      await scan(first, where('/admin sign-in'), testInfo);
      await first
        .getByRole('textbox', { name: text(language, 'admin:username') })
        .fill(pending.username);
      await first
        .getByLabel(text(language, 'admin:password'), { exact: true })
        .fill(pending.password);
      await first.getByRole('button', { name: text(language, 'admin:sign_in') }).click();
      await expect(
        first.getByRole('heading', { level: 1, name: text(language, 'admin:enrol_title') }),
      ).toBeVisible();
      await expect(first.getByTestId('totp-secret')).toBeVisible();
      await scan(first, where('/admin enrolment'), testInfo);
      await anonymous.close();

      const page = await consolePage(token, { language, viewport });
      for (const [path, heading] of [
        ['/admin', text(language, 'admin:overview_title')],
        ['/admin/users', text(language, 'admin:users_title')],
        [
          `/admin/users/${member.userId}`,
          text(language, 'admin:user_title', { id: member.userId }),
        ],
        ['/admin/orders', text(language, 'admin:orders_title')],
        ['/admin/operators', text(language, 'admin:operators_title')],
        ['/admin/audit', text(language, 'admin:audit_log_title')],
        ['/admin/no-such-page', text(language, 'admin:not_found')],
      ] as const) {
        await openApp(page, path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await scan(page, where(path), testInfo);
      }
      // The user page's dialog that changes the sign-in e-mail, with its errors showing.
      await openApp(page, `/admin/users/${member.userId}`);
      await page.getByRole('button', { name: text(language, 'admin:change_email') }).click();
      const dialog = page.getByRole('dialog', {
        name: text(language, 'admin:change_email_title', { id: member.userId }),
      });
      await dialog
        .getByRole('button', { name: text(language, 'admin:change'), exact: true })
        .click();
      await expect(dialog.getByText(text(language, 'validation:email_required'))).toBeVisible();
      await scan(page, where('change e-mail dialog'), testInfo);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.context().close();
    }
  });
}
