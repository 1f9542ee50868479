import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE, VERIFICATION_CODE_MAX_ATTEMPTS } from '@nimbus/domain';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { outboxCode, PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp();
  client = new Client(t.app);
});
afterEach(() => t.close());

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('verification codes', () => {
  test('are 6 digits, listed newest first in the dev outbox with channel, purpose and time', async () => {
    const a = uniqueEmail();
    const b = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: a, purpose: 'register' });
    await client.ok('userSendCode', { channel: 'email', target: b, purpose: 'register' });
    const outbox = (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<
      { to: string; channel: string; purpose: string; code: string; time: number }[]
    >();
    expect(outbox[0]).toMatchObject({
      to: b,
      channel: 'email',
      purpose: 'register',
      time: t.clock.now,
    });
    expect(outbox[1]?.to).toBe(a);
    expect(outbox[0]?.code).toMatch(/^\d{6}$/);
  });

  test('are stored only as a keyed hash', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email);
    const row = await t.app.services.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  test('a new code may be requested after 60 s, not before', async () => {
    const email = uniqueEmail();
    const first = await client.ok('userSendCode', {
      channel: 'email',
      target: email,
      purpose: 'register',
    });
    expect(first).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 600 });
    t.clock.advance(45_000);
    const early = await client.call('userSendCode', {
      channel: 'email',
      target: email,
      purpose: 'register',
    });
    expect(early.status).toBe(429);
    expect(early.body.status).toBe('CodeResendTooSoon');
    expect(early.body.msg).toContain('15s');
    t.clock.advance(15_000);
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
  });

  test('a new code replaces the previous one', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const old = await outboxCode(t.app, email);
    t.clock.advance(60_000);
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const fresh = await outboxCode(t.app, email);
    if (old !== fresh) {
      expect(
        (
          await client.call('userRegister', {
            channel: 'email',
            account: email,
            password: PASSWORD,
            code: old,
            agreeTerms: true,
          })
        ).body.status,
      ).toBe('CodeInvalid');
    }
    expect(
      (
        await client.call('userRegister', {
          channel: 'email',
          account: email,
          password: PASSWORD,
          code: fresh,
          agreeTerms: true,
        })
      ).body.code,
    ).toBe(200);
  });

  test('expire after 10 minutes', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email);
    t.clock.advance(10 * MS_PER_MINUTE);
    expect(
      (
        await client.call('userRegister', {
          channel: 'email',
          account: email,
          password: PASSWORD,
          code,
          agreeTerms: true,
        })
      ).body.status,
    ).toBe('CodeInvalid');
  });

  test('a wrong code five times locks the code: even the right one is refused then', async () => {
    const email = uniqueEmail();
    await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
    const code = await outboxCode(t.app, email);
    const statuses = [];
    for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++) {
      statuses.push(
        (
          await client.call('userRegister', {
            channel: 'email',
            account: email,
            password: PASSWORD,
            code: wrongCode(code),
            agreeTerms: true,
          })
        ).body.status,
      );
    }
    expect(statuses).toEqual([
      'CodeInvalid',
      'CodeInvalid',
      'CodeInvalid',
      'CodeInvalid',
      'CodeLocked',
    ]);
    const right = await client.call('userRegister', {
      channel: 'email',
      account: email,
      password: PASSWORD,
      code,
      agreeTerms: true,
    });
    expect(right.body).toMatchObject({ code: ErrorCode.CODE_LOCKED.code, status: 'CodeLocked' });
    expect(right.body.msg).toMatch(/request a new verification code/);
  });

  test('codes per address are limited per hour, across purposes of the address', async () => {
    const limited = await startTestApp({
      limits: { codesPerTarget: { max: 2, windowMs: 3_600_000 } },
    });
    try {
      const c = new Client(limited.app);
      const email = uniqueEmail();
      await c.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
      limited.clock.advance(61_000);
      await c.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
      limited.clock.advance(61_000);
      const third = await c.call('userSendCode', {
        channel: 'email',
        target: email,
        purpose: 'register',
      });
      expect(third.status).toBe(429);
      expect(third.body.status).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });

  test('the limit per address holds across the turn of the hour (no double allowance at the boundary)', async () => {
    const limited = await startTestApp({
      limits: { codesPerTarget: { max: 2, windowMs: 3_600_000 } },
    });
    try {
      limited.clock.now = Math.ceil(limited.clock.now / 3_600_000) * 3_600_000 + 3_600_000 - 70_000;
      const c = new Client(limited.app);
      const email = uniqueEmail();
      await c.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
      limited.clock.advance(61_000);
      await c.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
      limited.clock.advance(61_000); // now 52 s into the next hour
      expect(
        (await c.call('userSendCode', { channel: 'email', target: email, purpose: 'register' }))
          .body.status,
      ).toBe('TooManyRequests');
    } finally {
      await limited.close();
    }
  });

  test('codes per IP are limited per hour', async () => {
    const limited = await startTestApp({ limits: { codesPerIp: { max: 2, windowMs: 3_600_000 } } });
    try {
      const c = new Client(limited.app, '10.3.3.3');
      await c.ok('userSendCode', { channel: 'email', target: uniqueEmail(), purpose: 'register' });
      await c.ok('userSendCode', { channel: 'email', target: uniqueEmail(), purpose: 'register' });
      expect(
        (
          await c.call('userSendCode', {
            channel: 'email',
            target: uniqueEmail(),
            purpose: 'register',
          })
        ).body.status,
      ).toBe('TooManyRequests');
      await new Client(limited.app, '10.3.3.4').ok('userSendCode', {
        channel: 'email',
        target: uniqueEmail(),
        purpose: 'register',
      });
    } finally {
      await limited.close();
    }
  });

  test('the dev outbox does not exist in production', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
      // Without SMTP in production a code is never logged or kept: the call says the service is
      // unavailable.
      const answer = await new Client(prod.app).call('userSendCode', {
        channel: 'email',
        target: uniqueEmail(),
        purpose: 'register',
      });
      expect(answer.status).toBe(503);
      expect(prod.app.services.outbox.list()).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});

describe('delivery', () => {
  interface Mail {
    from: string;
    to: string[];
    raw: string;
  }
  let smtp: SMTPServer;
  let mails: Mail[];
  let smtpPort: number;

  beforeEach(async () => {
    mails = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  test('e-mail goes through SMTP when SMTP_URL is set, localised, and not to the outbox', async () => {
    const app = await startTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Nimbus <codes@nimbus.test>' },
    });
    try {
      const c = new Client(app.app);
      const email = uniqueEmail();
      await c.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toEqual([email]);
      expect(mails[0]?.from).toBe('codes@nimbus.test');
      const code =
        /(\d{6})/.exec(mails[0]?.raw.split('\r\n\r\n').slice(1).join('\n') ?? '')?.[1] ?? '';
      expect(mails[0]?.raw).toMatch(new RegExp(`Subject: Your Nimbus verification code: ${code}`));
      expect(mails[0]?.raw).toMatch(/expires in 10 minutes/);
      expect(app.app.services.outbox.list()).toEqual([]);
      // The mailed code is the one that works.
      expect(
        (
          await c.call('userRegister', {
            channel: 'email',
            account: email,
            password: PASSWORD,
            code,
            agreeTerms: true,
          })
        ).body.code,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  test('a failing SMTP server is SERVICE_UNAVAILABLE, not a silent success', async () => {
    const app = await startTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const answer = await new Client(app.app).call('userSendCode', {
        channel: 'email',
        target: uniqueEmail(),
        purpose: 'register',
      });
      expect(answer.status).toBe(503);
      expect(answer.body.status).toBe('ServiceUnavailable');
    } finally {
      await app.close();
    }
  });

  test("SMS goes to the HTTP adapter as JSON with the bearer token, in the caller's language", async () => {
    const received: { headers: IncomingMessage['headers']; body: Record<string, string> }[] = [];
    const gateway: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(data) as Record<string, string> });
        res.writeHead(received.length > 1 ? 500 : 202).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const port = (gateway.address() as AddressInfo).port;
    const app = await startTestApp({
      env: { SMS_WEBHOOK_URL: `http://127.0.0.1:${port}/sms`, SMS_WEBHOOK_TOKEN: 'gateway-secret' },
    });
    try {
      const c = new Client(app.app);
      c.language = 'zh_CN';
      const phone = uniquePhone();
      await c.ok('userSendCode', { channel: 'phone', target: phone, purpose: 'register' });
      expect(received).toHaveLength(1);
      expect(received[0]?.headers.authorization).toBe('Bearer gateway-secret');
      expect(received[0]?.headers['content-type']).toBe('application/json');
      expect(received[0]?.body).toMatchObject({
        to: phone,
        purpose: 'register',
        language: 'zh_CN',
      });
      expect(received[0]?.body.text).toMatch(/验证码/);
      const code = /(\d{6})/.exec(received[0]?.body.text ?? '')?.[1] ?? '';
      expect(
        (
          await c.call('userRegister', {
            channel: 'phone',
            account: phone,
            password: PASSWORD,
            code,
            agreeTerms: true,
          })
        ).body.code,
      ).toBe(200);

      // A gateway error is reported to the caller.
      app.clock.advance(61_000);
      const failed = await c.call('userSendCode', {
        channel: 'phone',
        target: uniquePhone(),
        purpose: 'register',
      });
      expect(failed.status).toBe(503);
    } finally {
      await app.close();
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });
});
