import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OutboxEntry } from '../../src/delivery/outbox.ts';
import { PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 15, item 9: user_send_code for purpose `register` with an address that has an account
 * answered ACCOUNT_EXISTS, so anyone could test who has an account. Now the answer is the same
 * as for a new address, and the owner receives a notice (in the account's language) that someone
 * tried to register with it, with links to log in or reset the password, and no code.
 */

interface Mail {
  to: string[];
  raw: string;
}

let t: TestApp;
let smtp: SMTPServer;
const mails: Mail[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      PUBLIC_URL: 'https://nimbus.example',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The decoded text of a mail (quoted-printable soft breaks and escapes undone). */
const textOf = (mail: Mail | undefined) =>
  Buffer.from(
    (mail?.raw ?? '')
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`),
    'latin1',
  )
    .toString('utf8')
    .replace(/%([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const ask = (target: string, channel: 'email' | 'phone' = 'email', language = 'en') => {
  const c = new Client(t.app);
  c.language = language;
  return c.call('userSendCode', { channel, target, purpose: 'register' });
};

/** Registers an e-mail account with the code mailed to it; returns the code used. */
async function registerByMail(email: string): Promise<string> {
  await ask(email);
  const code = /\b(\d{6})\b/.exec(textOf(mails.findLast((m) => m.to.includes(email))))?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await new Client(t.app).ok('userRegister', {
    channel: 'email',
    account: email,
    password: PASSWORD,
    code,
    agreeTerms: true,
  });
  return code;
}

describe('asking for a registration code', () => {
  test('answers the same for an address with an account as for a new one', async () => {
    const email = uniqueEmail();
    await registerByMail(email);
    t.clock.advance(61_000);
    const fresh = uniqueEmail();
    const first = [await ask(email.toUpperCase()), await ask(fresh)];
    expect(first[0]?.status).toBe(200);
    expect(first[0]?.body).toEqual(first[1]?.body);
    // A second ask within the minute is refused the same way for both.
    const again = [await ask(email), await ask(fresh)];
    expect(again[0]?.body.status).toBe('CodeResendTooSoon');
    expect(again[0]?.body).toEqual(again[1]?.body);
  });

  test('the owner gets a notice with the links and no code; nobody can finish the registration', async () => {
    const email = uniqueEmail();
    const code = await registerByMail(email);

    mails.length = 0;
    t.clock.advance(61_000);
    const answer = await ask(email, 'email', 'zh-CN');
    expect(answer.body.status).toBe('OK');
    expect(mails).toHaveLength(1);
    const text = textOf(mails[0]);
    expect(mails[0]?.to).toEqual([email]);
    // In the account's language (registered in English), whoever asked.
    expect(text).toContain('Someone tried to create a Nimbus account with your address');
    expect(text).toContain('https://nimbus.example/login');
    expect(text).toContain('https://nimbus.example/resetpassword');
    expect(text.split('\r\n\r\n').slice(1).join('\n')).not.toMatch(/\b\d{6}\b/);

    // The code drawn for it was sent to nobody: guessing it fails like any wrong code.
    const attempt = await new Client(t.app).call('userRegister', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code: code === '000000' ? '111111' : '000000',
      agreeTerms: true,
    });
    expect(attempt.body.status).toBe('CodeInvalid');
  });

  test('a phone number with an account answers the same too (dev outbox: a notice, no code)', async () => {
    const dev = await startTestApp();
    try {
      const phone = uniquePhone();
      const c = new Client(dev.app);
      await c.ok('userSendCode', { channel: 'phone', target: phone, purpose: 'register' });
      const outbox = () =>
        dev.app.inject({ method: 'GET', url: '/dev/outbox' }).then((r) => r.json<OutboxEntry[]>());
      const code = (await outbox()).find((e) => e.to === phone)?.code ?? '';
      await c.ok('userRegister', {
        channel: 'phone',
        account: phone,
        password: PASSWORD,
        code,
        agreeTerms: true,
      });
      dev.clock.advance(61_000);
      const existing = await new Client(dev.app).call('userSendCode', {
        channel: 'phone',
        target: phone,
        purpose: 'register',
      });
      expect(existing.body.status).toBe('OK');
      expect((await outbox())[0]).toMatchObject({ to: phone, notice: 'account_exists', code: '' });
    } finally {
      await dev.close();
    }
  });
});
