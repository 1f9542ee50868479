import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { PASSWORD, uniqueEmail, uniquePhone } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startLoopbackSmtp, type LoopbackSmtp } from '../support/smtp.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// Support changes a member's sign-in e-mail or phone (console and `pnpm ops user email|phone`,
// admin/users/user-contact.ts): the new address signs in, the old one does not, sessions end,
// the old address is told over SMTP on loopback, and a refusal changes nothing.

let smtp: LoopbackSmtp;
let t: TestApp;
let support: SignedInOperator;
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nimbus <notices@nimbus.test>',
      PUBLIC_URL: 'https://nimbus.test',
      JOBS_INTERVAL_SECONDS: '0',
    },
  });
  support = await enrolledOperator(t, 'support');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The six-digit code of the newest code mail to `to`. */
async function mailedCode(to: string, count: number): Promise<string> {
  const mails = await smtp.waitFor(to, count);
  const code = /\b(\d{6})\b/.exec(mails[count - 1]?.subject ?? '')?.[1];
  expect(code, `no code mailed to ${to}`).toBeDefined();
  return code ?? '';
}

/** A member registered by e-mail, with the code the server mailed. */
async function emailMember(language: 'en' | 'zh_CN' = 'en') {
  const client = new Client(t.app);
  client.language = language;
  const email = uniqueEmail();
  await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
  const { userId } = await client.ok('userRegister', {
    channel: 'email',
    account: email,
    password: PASSWORD,
    code: await mailedCode(email, 1),
    agreeTerms: true,
  });
  return { client, email, userId };
}

const login = (channel: 'email' | 'phone', account: string) =>
  new Client(t.app).call('userLogin', { channel, account, password: PASSWORD, agreeTerms: true });

const change = (
  userId: string,
  field: 'email' | 'phone',
  value: string,
  reason = 'Lost access to the old mailbox',
) => support.client.call('adminUserChangeContact', { userId, field, value, reason });

const detailOf = (userId: string) => support.client.ok('adminUserDetail', { userId });

/** What a refused change must leave as it was: the account, its trail, its mail. */
async function snapshot(member: { userId: string; email: string }) {
  const detail = await detailOf(member.userId);
  return { user: detail.user, audit: detail.audit, mails: smtp.to(member.email).length };
}

describe('changing the e-mail address', () => {
  test('the new address signs in and the old does not; sessions end; the old address is told', async () => {
    const m = await emailMember();
    expect((await login('email', m.email)).body.code).toBe(200);
    // A reset code sent to the old address before the change.
    await m.client.ok('userSendCode', { channel: 'email', target: m.email, purpose: 'reset' });
    const resetCode = await mailedCode(m.email, 2);

    const next = uniqueEmail();
    const answer = await change(m.userId, 'email', `  ${next.toUpperCase()} `);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({
      user: { userId: m.userId, email: next, account: next },
      sessionsEnded: 2,
      notified: true,
    });

    expect((await m.client.call('userGetDeviceList', {})).body.code).toBe(
      ErrorCode.UNAUTHORIZED.code,
    );
    expect((await login('email', next)).body.code).toBe(200);
    expect((await login('email', m.email)).body.code).toBe(ErrorCode.INVALID_CREDENTIALS.code);
    const reset = await new Client(t.app).call('userResetPassword', {
      channel: 'email',
      account: m.email,
      code: resetCode,
      password: 'a new password 42',
    });
    expect(reset.body.code).toBe(ErrorCode.CODE_INVALID.code);

    const [, , notice] = await smtp.waitFor(m.email, 3);
    expect(notice?.to).toEqual([m.email]);
    expect(notice?.subject).toBe('The e-mail address of your Nimbus account was changed');
    expect(notice?.text).toContain(`New address: ${next.slice(0, 2)}***@example.com`);
    expect(notice?.text).not.toContain(next);
    expect(notice?.headers.has('list-unsubscribe')).toBe(false);
    expect(smtp.to(next)).toEqual([]);

    const [row] = (await detailOf(m.userId)).audit;
    expect(row).toMatchObject({
      action: 'user.email_changed',
      actor: `operator:${support.operatorId}`,
    });
    expect(JSON.parse(row?.data ?? '{}')).toEqual({
      before: `${m.email.slice(0, 2)}***@example.com`,
      after: `${next.slice(0, 2)}***@example.com`,
      reason: 'Lost access to the old mailbox',
      sessionsEnded: 2,
      notified: true,
    });
  });

  test("an erased account's address is free again, as for registration", async () => {
    const gone = await emailMember();
    await gone.client.ok('userDeleteAccount', { password: PASSWORD });
    const m = await emailMember();
    expect((await change(m.userId, 'email', gone.email)).body.code).toBe(200);
    expect((await login('email', gone.email)).body.code).toBe(200);
    // The erased account itself cannot be changed.
    expect((await change(gone.userId, 'email', uniqueEmail())).body.code).toBe(
      ErrorCode.USER_NOT_FOUND.code,
    );
  });
});

describe('changing the phone number', () => {
  test('normalised as at registration; the phone signs in; the e-mail is told in Chinese', async () => {
    const m = await emailMember('zh_CN');
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6, 10)} ${phone.slice(10)}`;
    const answer = await change(m.userId, 'phone', spaced, 'Switched numbers');
    expect(answer.body.data).toMatchObject({
      user: { phone, email: m.email },
      notified: true,
    });
    expect((await login('phone', phone)).body.code).toBe(200);
    expect((await login('email', m.email)).body.code).toBe(200);
    const [, notice] = await smtp.waitFor(m.email, 2);
    expect(notice?.subject).toBe('您的 Nimbus 账户手机号已更改');
    expect(notice?.text).toContain(`新号码：${phone.slice(0, -8)}****${phone.slice(-4)}`);
    expect((await detailOf(m.userId)).audit[0]?.action).toBe('user.phone_changed');
  });
});

describe('refusals change nothing', () => {
  test("another account's e-mail or phone is refused, in the operator's language", async () => {
    const holder = await emailMember();
    const phone = uniquePhone();
    expect((await change(holder.userId, 'phone', phone)).body.code).toBe(200);
    const m = await emailMember();
    const before = await snapshot(m);

    const taken = await change(m.userId, 'email', holder.email.toUpperCase());
    expect(taken.body).toMatchObject({
      code: ErrorCode.ACCOUNT_EXISTS.code,
      msg: 'Another account already uses this address.',
    });
    support.client.language = 'zh_CN';
    try {
      expect((await change(m.userId, 'phone', phone)).body).toMatchObject({
        code: ErrorCode.ACCOUNT_EXISTS.code,
        msg: '该地址已被其他账户使用。',
      });
    } finally {
      support.client.language = 'en';
    }

    expect(await snapshot(m)).toEqual(before);
    expect((await m.client.call('userGetDeviceList', {})).body.code).toBe(200);
    expect((await login('email', m.email)).body.code).toBe(200);
    expect((await detailOf(holder.userId)).user).toMatchObject({ email: holder.email, phone });
  });

  test('a malformed address, the same address or no reason: a clear error, nothing changed', async () => {
    const m = await emailMember();
    const before = await snapshot(m);
    for (const [field, value, reason, msg] of [
      ['email', 'not-an-address', 'x', 'Invalid email address'],
      ['email', '', 'x', 'Please enter your email address'],
      ['phone', '12345', 'x', 'Invalid phone number'],
      ['email', m.email.toUpperCase(), 'x', "This is already the account's address."],
      ['email', uniqueEmail(), '   ', 'This field cannot be empty'],
    ] as const) {
      expect(
        (await change(m.userId, field, value, reason)).body,
        `${field} ${value}`,
      ).toMatchObject({ code: ErrorCode.VALIDATION_FAILED.code, msg });
    }
    support.client.language = 'zh_CN';
    try {
      expect((await change(m.userId, 'email', 'nope', 'x')).body.msg).toBe('邮箱格式不正确');
    } finally {
      support.client.language = 'en';
    }
    expect((await change('999999999', 'email', uniqueEmail())).body.code).toBe(
      ErrorCode.USER_NOT_FOUND.code,
    );
    expect(await snapshot(m)).toEqual(before);
    expect((await m.client.call('userGetDeviceList', {})).body.code).toBe(200);
  });
});

describe('pnpm ops user email|phone', () => {
  const ops = (...argv: string[]) =>
    runOpsCommand('user', argv, t.app.services, t.clock.now, 'ops:alice');

  test('run the same service, audited as the operating system user', async () => {
    const m = await emailMember();
    const holder = await emailMember();
    const next = uniqueEmail();
    const changed = await ops('email', m.email, `--to=${next}`, '--reason=Ticket 42', '--json');
    expect(changed.stderr).toBe('');
    expect(JSON.parse(changed.stdout)).toMatchObject({
      user: { userId: m.userId, email: next },
      notified: true,
    });
    expect((await login('email', next)).body.code).toBe(200);
    const phone = uniquePhone();
    const text = await ops('phone', next, `--to=${phone}`, '--reason=Ticket 43');
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^phone changed\n/);
    expect(text.stdout).toContain(phone);
    expect((await detailOf(m.userId)).audit.slice(0, 2)).toMatchObject([
      { action: 'user.phone_changed', actor: 'ops:alice' },
      { action: 'user.email_changed', actor: 'ops:alice' },
    ]);

    expect((await ops('email', next, '--reason=x')).exitCode).toBe(2);
    expect((await ops('email', next, `--to=${uniqueEmail()}`)).exitCode).toBe(2);
    const malformed = await ops('email', next, '--to=nope', '--reason=x');
    expect(malformed.exitCode).toBe(2);
    expect(malformed.stderr).toMatch(/^Invalid email address\n/);
    const taken = await ops('email', next, `--to=${holder.email}`, '--reason=x');
    expect(taken).toMatchObject({
      exitCode: 1,
      stderr: 'Another account already uses this address.\n',
    });
    expect((await detailOf(m.userId)).user.email).toBe(next);
  });
});
