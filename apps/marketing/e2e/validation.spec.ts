import { expect, openApp, test } from '@nimbus/e2e-kit';

test('the login form names every problem in words', async ({ page }) => {
  await openApp(page, '/login');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await expect(
    page.getByText('Please agree to the User Agreement and Privacy Policy'),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('register: phone numbers are checked for the chosen country, passwords must match', async ({
  page,
}) => {
  await openApp(page, '/register');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByLabel('Phone number').fill('12345');
  await page.getByLabel('Password', { exact: true }).fill('correct-horse-42');
  await page.getByLabel('Confirm password').fill('correct-horse-43');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Invalid phone number')).toBeVisible();
  await expect(page.getByText('The two passwords do not match')).toBeVisible();
  await expect(page.getByText('Please check your input')).toBeVisible();
});

test('an invite link pre-fills the invite code', async ({ page }) => {
  await openApp(page, '/register?ref=ABCD2345');
  await expect(page.getByLabel('Invite code (optional)')).toHaveValue('ABCD2345');
});

test('the promo code asks for a code before applying', async ({ loggedInPage: page }) => {
  await openApp(page, '/pricing');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Enter your promo code to continue.')).toBeVisible();
});

test("a crypto payment for a product that doesn't exist says so", async ({ page }) => {
  await openApp(page, '/crypto-pay/abc');
  await expect(page.getByText('Invalid product ID.')).toBeVisible();
});
