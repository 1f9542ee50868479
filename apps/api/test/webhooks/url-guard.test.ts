import { expect, test } from 'vitest';
import {
  isAllowedAddress,
  urlFormProblem,
  webhookUrlProblem,
} from '../../src/webhooks/url-guard.ts';
import { verifyWebhookSignature, signWebhook } from '../../src/webhooks/index.ts';

// The SSRF guard's address rules (src/webhooks/url-guard.ts), and the signature helper.

test('non-public addresses are refused; loopback only outside production', () => {
  for (const address of [
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    'fe80::1',
    'fd00::1',
    '::',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::a00:1',
    'not an address',
  ]) {
    expect([address, isAllowedAddress(address, false)]).toEqual([address, false]);
    expect([address, isAllowedAddress(address, true)]).toEqual([address, false]);
  }
  for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
    expect([address, isAllowedAddress(address, true)]).toEqual([address, false]);
    expect([address, isAllowedAddress(address, false)]).toEqual([address, true]);
  }
  for (const address of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111']) {
    expect([address, isAllowedAddress(address, true)]).toEqual([address, true]);
  }
});

test('URLs: form, scheme, and what they resolve to', async () => {
  expect(urlFormProblem('not a url', false)).toBe('invalid');
  expect(urlFormProblem('ftp://example.com/x', false)).toBe('invalid');
  expect(urlFormProblem('http://example.com/x', true)).toBe('not_allowed');
  expect(urlFormProblem('https://user:pw@example.com/x', true)).toBe('not_allowed');
  expect(urlFormProblem('https://example.com/x', true)).toBeUndefined();
  expect(await webhookUrlProblem('https://127.0.0.1/x', true)).toBe('not_public');
  expect(await webhookUrlProblem('https://[::1]/x', true)).toBe('not_public');
  expect(await webhookUrlProblem('https://localhost/x', true)).toBe('not_public');
  expect(await webhookUrlProblem('https://2130706433/x', true)).toBe('not_public');
  expect(await webhookUrlProblem('https://0x7f.1/x', true)).toBe('not_public');
  expect(await webhookUrlProblem('https://10.0.0.8/x', false)).toBe('not_public');
  expect(await webhookUrlProblem('http://127.0.0.1:9/x', false)).toBeUndefined();
  expect(await webhookUrlProblem('https://nothing.invalid/x', true)).toBe('unresolved');
});

test('the signature: verified over the raw body, within five minutes', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1","type":"order.paid","created":1700000000,"data":{}}';
  const header = signWebhook(secret, body, 1_700_000_000);
  expect(verifyWebhookSignature(secret, body, header, 1_700_000_000)).toBe(true);
  expect(verifyWebhookSignature(secret, body, header, 1_700_000_299)).toBe(true);
  expect(verifyWebhookSignature(secret, body, header, 1_700_000_301)).toBe(false);
  expect(verifyWebhookSignature('whsec_other', body, header, 1_700_000_000)).toBe(false);
  expect(verifyWebhookSignature(secret, `${body} `, header, 1_700_000_000)).toBe(false);
  expect(verifyWebhookSignature(secret, body, undefined, 1_700_000_000)).toBe(false);
  expect(verifyWebhookSignature(secret, body, 'v1=00', 1_700_000_000)).toBe(false);
  // A header with a second v1 (a secret being rotated) passes on either.
  const two = `${header},v1=${'0'.repeat(64)}`;
  expect(verifyWebhookSignature(secret, body, two, 1_700_000_000)).toBe(true);
});
