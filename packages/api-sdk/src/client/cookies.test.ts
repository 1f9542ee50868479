import { expect, test } from 'vitest';
import { parentDomain } from './cookies.ts';

test.each([
  ['app.nimbus.test', 'nimbus.test'],
  ['account.nimbus.com', 'nimbus.com'],
  ['a.b.c.nimbus.com', 'nimbus.com'],
  ['nimbus.com', 'nimbus.com'],
  ['WWW.Nimbus.COM.', 'nimbus.com'],
  ['localhost', undefined],
  ['127.0.0.1', undefined],
  ['192.168.1.20', undefined],
  ['::1', undefined],
  ['intranet', undefined],
  ['', undefined],
])('the cookie domain of %s is %s', (host, domain) => {
  expect(parentDomain(host)).toBe(domain);
});
