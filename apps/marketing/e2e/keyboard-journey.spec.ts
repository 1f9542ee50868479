import {
  expect,
  expectVisibleFocus,
  focusState,
  newLanguageContext,
  openApp,
  registerUser,
  settle,
  test,
} from '@nimbus/e2e-kit';
import type { Locator, Page } from '@playwright/test';

// From the home page to a paid plan with the keyboard alone: only page.keyboard (Tab, Shift+Tab,
// Enter, Space, arrows, Escape; typing into the focused field), never a click, fill or focus().
// Every stop must draw a focus indicator, and focus must never fall to <body> when a dialog
// opens or closes. (The shorter keyboard checks - skip link, plan radio group, phone menu -
// are in keyboard.spec.ts.)

/** Whether `target` holds keyboard focus now. */
function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking at every stop that focus sits on
 * an element (not <body>) that draws a visible indicator. Returns the stops passed.
 */
async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<string[]> {
  await target.waitFor();
  const stops: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const state = await expectVisibleFocus(
      page,
      `stop ${i + 1} on ${new URL(page.url()).pathname}`,
    );
    stops.push(state.element);
    if (await isFocused(target)) return stops;
  }
  throw new Error(
    `${max} ${back ? 'Shift+Tab' : 'Tab'} presses never reached ${target.toString()}; stops: ${stops.join(' → ')}`,
  );
}

test('keyboard only: home → pricing → choose a plan → log in → promo code → sandbox checkout → result dialog → new expiry', async ({
  browser,
  server,
}) => {
  test.setTimeout(120_000);
  server.ops(['coupons', 'create', '--code=KEYS20', '--percent=20']);
  const user = await registerUser(server.url);
  const context = await newLanguageContext(browser, server.url, {
    language: 'en',
    viewport: { width: 1920, height: 1080 },
  });
  const page = await context.newPage();

  // Home: the first stop is the skip link, then the header; Enter on Pricing.
  await openApp(page, '/');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await expectVisibleFocus(page, 'skip link');
  await tabTo(page, page.getByRole('banner').getByRole('link', { name: 'Pricing', exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/pricing');
  await settle(page);

  // Pricing: Tab into the plan radio group (focus lands on the checked plan), arrows choose.
  const plans = page.getByRole('group', { name: 'Choose your plan' });
  const wanted = plans.getByRole('radio', { name: /Standard · 1 month/ });
  await tabTo(page, plans.getByRole('radio', { checked: true }));
  for (let i = 0; i < 10 && !(await wanted.isChecked()); i += 1) {
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page, 'plan radio');
  }
  await expect(wanted).toBeChecked();
  await expect(wanted).toBeFocused();

  // Anonymous: 'Log in to Pay' leads to the login page and back to the chosen plan.
  await tabTo(page, page.getByRole('button', { name: 'Log in to Pay' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/login\?redirect=/);
  await settle(page);

  // Log in: the Email tab with arrows (a Radix tab list), then the fields.
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (
    let i = 0;
    i < 3 &&
    !((await page.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')) === 'true');
    i += 1
  ) {
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page, 'login tab');
  }
  await expect(page.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, page.getByRole('textbox', { name: 'Email' }));
  await page.keyboard.type(user.email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(user.password);
  const agree = page.getByRole('checkbox');
  await tabTo(page, agree);
  await page.keyboard.press('Space');
  await expect(agree).toBeChecked();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/pricing\?plan=/);
  await settle(page);
  await expect(page.getByRole('radio', { name: /Standard · 1 month/ })).toBeChecked();

  // Promo code: type it into the field, Enter submits its form.
  await tabTo(page, page.getByRole('textbox', { name: 'Promo code' }));
  await page.keyboard.type('keys20');
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Promo code applied: .* off\./)).toBeVisible();
  await expect(page.getByText('Promo code (KEYS20)')).toBeVisible();

  // Pay: the sandbox checkout opens in a new tab, and the result dialog here.
  const pay = page.getByRole('button', { name: /^Pay / });
  await tabTo(page, pay);
  const checkoutPromise = context.waitForEvent('page');
  await page.keyboard.press('Enter');
  const checkout = await checkoutPromise;
  await checkout.waitForURL(/\/pay\/sandbox\//);
  await checkout.waitForLoadState('domcontentloaded');

  // The hosted checkout page, by keyboard too: Tab to its Pay button, Enter.
  const checkoutPay = checkout.locator('form:has(input[name="outcome"][value="pay"]) button');
  await tabTo(checkout, checkoutPay);
  await Promise.all([
    checkout.waitForURL(/\/purchased\?orderId=/),
    checkout.keyboard.press('Enter'),
  ]);
  await expect(
    checkout.getByRole('heading', { name: 'Thank you for your purchase!' }),
  ).toBeVisible();
  const runsUntil = (
    (await checkout.getByText(/Your membership now runs until/).textContent()) ?? ''
  )
    .replace(/.*runs until\s*/, '')
    .replace(/\.$/, '')
    .trim();
  expect(runsUntil).not.toBe('');
  await checkout.close();

  // Back on the site: the dialog holds focus (not <body>), on its first answer.
  await page.bringToFront();
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  await expect(dialog).toBeVisible();
  const inDialog = await dialog.evaluate((el) => el.contains(document.activeElement));
  expect(
    inDialog,
    `focus is inside the open dialog, not on ${(await focusState(page)).element}`,
  ).toBe(true);
  await expectVisibleFocus(page, 'dialog opened');
  const yes = dialog.getByRole('button', { name: "Yes, I've paid" });
  if (!(await isFocused(yes))) await tabTo(page, yes, { max: 10 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // The new expiry, the same date the purchased page showed.
  await expect(dialog.getByText(`Active until ${runsUntil}`)).toBeVisible();
  // Focus stayed in the dialog while its content changed.
  const stillInDialog = await dialog.evaluate((el) => el.contains(document.activeElement));
  expect(
    stillInDialog,
    `focus stays in the dialog, not on ${(await focusState(page)).element}`,
  ).toBe(true);

  // Tab stays trapped in the dialog; Escape closes it and focus returns to the Pay button.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'inside the dialog');
    expect(
      await dialog.evaluate((el) => el.contains(document.activeElement)),
      'Tab stays in the dialog',
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Radix gives focus back on the next tick after the dialog unmounts.
  await expect(pay).toBeFocused();
  await expectVisibleFocus(page, 'dialog closed');
  await context.close();
});
