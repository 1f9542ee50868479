import { apiCall, expectNoSeriousA11yViolations, registerUser, settle } from '@nimbus/e2e-kit';
import { expect, test, text } from './support.ts';

// Support unbinds a member's device from the user's page, by keyboard, in Chromium; axe on the
// page while it lists the device.

test("support unbinds a member's device by keyboard", async ({
  operatorPage,
  server,
}, testInfo) => {
  const member = await registerUser(server.url);
  await apiCall(server.url, '/api/user/user_trial', {}, { token: member.token });
  await apiCall(
    server.url,
    '/api/user/user_bind_device',
    {
      deviceId: 'e2e-lost-phone',
      platform: 0,
      kind: 0,
      system: 'iOS 18.2',
      version: '4.1.0',
      name: 'Lost iPhone',
    },
    { token: member.token },
  );
  const page = await operatorPage('unbinder', 'support', `/admin/users/${member.userId}`);
  const devices = page.getByRole('table', { name: text('admin:devices_title') });
  await expect(devices.getByRole('cell', { name: 'Lost iPhone', exact: true })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page, {
    context: 'user with a device',
    soft: true,
    testInfo,
  });

  const unbind = page.getByRole('button', {
    name: text('admin:unbind_device', { name: 'Lost iPhone' }),
  });
  await unbind.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({
      hasText: text('admin:device_unbound', { name: 'Lost iPhone' }),
    }),
  ).toBeVisible();
  await expect(devices.getByRole('cell', { name: text('admin:no_devices') })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'user.device_unbound' })).toBeVisible();
});
