import { ErrorCode } from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { totpCode, totpStep } from '../../src/operators/index.ts';
import { DEFAULT_LIMITS } from '../../src/security/limits.ts';
import { outboxCode, PASSWORD, registerWithEmail } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, OperatorClient } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { expectRefusal } from './fixtures.ts';

/**
 * Issue 15, item 1: ten wrong passwords for a victim's e-mail within 15 minutes locked the
 * account for everyone: the right password answered 429 AccountLocked, and so did a login by
 * e-mail code, and ten requests per quarter hour kept it locked. With the default limits, the
 * attack now locks only the attacker's own address; the owner logs in from theirs, by password
 * or by code, and someone who fails honestly still gets the minutes to wait.
 */

/** The default number of failed logins in 15 minutes that locks (src/security/limits.ts). */
const MAX = 10;

let t: TestApp;
let email: string;
let ip = 0;
const client = () => new Client(t.app, `10.15.1.${++ip}`);
const byPassword = (c: Client, password: string) =>
  c.call('userLogin', { channel: 'email', account: email, password, agreeTerms: true });

beforeAll(async () => {
  // The server's default limits (the test app relaxes per-IP ones unless given).
  t = await startTestApp({ limits: DEFAULT_LIMITS });
  email = (await registerWithEmail(client())).email;
});
afterAll(() => t.close());

describe('a lock-out attack on a known account', () => {
  test('an attacker who keeps failing cannot keep the owner out, by password or by code', async () => {
    const attacker = client();
    const max = MAX;
    // The attack of the report, kept up for three quarter hours.
    for (let round = 0; round < 3; round++) {
      const statuses: string[] = [];
      for (let i = 0; i <= max; i++)
        statuses.push((await byPassword(attacker, `wrong password ${i}`)).body.status);
      expect(statuses).toContain('AccountLocked');

      const owner = client();
      expect((await byPassword(owner, PASSWORD)).body.code).toBe(200);
      const viaCode = client();
      t.clock.advance(61_000);
      await viaCode.ok('userSendCode', { channel: 'email', target: email, purpose: 'login' });
      const code = await outboxCode(t.app, email, 'login');
      expect(
        (
          await viaCode.call('userLogin', {
            channel: 'email',
            account: email,
            code,
            agreeTerms: true,
          })
        ).body.code,
      ).toBe(200);
      t.clock.advance(14 * MS_PER_MINUTE);
    }
  });

  test('a code login from the locked address itself still works', async () => {
    const person = client();
    for (let i = 0; i < MAX; i++) await byPassword(person, `forgotten ${i}`);
    expectRefusal(await byPassword(person, PASSWORD), ErrorCode.ACCOUNT_LOCKED);
    t.clock.advance(61_000);
    await person.ok('userSendCode', { channel: 'email', target: email, purpose: 'login' });
    const code = await outboxCode(t.app, email, 'login');
    const answer = await person.call('userLogin', {
      channel: 'email',
      account: email,
      code,
      agreeTerms: true,
    });
    expect(answer.body.code).toBe(200);
  });

  test('someone who fails honestly is told when to retry, and can after that', async () => {
    const person = client();
    const max = MAX;
    for (let i = 0; i < max - 1; i++)
      expect((await byPassword(person, `typo ${i}`)).body.status).toBe('InvalidCredentials');
    const last = await byPassword(person, 'typo again');
    expectRefusal(last, ErrorCode.ACCOUNT_LOCKED);
    const minutes = Number(/(\d+) min/.exec(last.body.msg)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(30);
    t.clock.advance(minutes * MS_PER_MINUTE);
    expect((await byPassword(person, PASSWORD)).body.code).toBe(200);
  });
});

/**
 * Issue 30, item 2: ten wrong passwords for an operator's name, from any address, locked that
 * operator out of the console for 11 minutes, even from their own address with the right
 * password and code. Operators' password failures now count per name and address, as members'
 * do; wrong codes sent with the right password still count per operator, from any address.
 */
describe('a lock-out attack on an operator', () => {
  const console = () => new OperatorClient(t.app, `10.30.2.${++ip}`);
  /** A six-digit code the authenticator does not show around now. */
  const wrongCode = (secret: string) => {
    for (let n = 0; ; n++) {
      const code = String((Number(totpCode(secret, t.clock.now)) + 7 + n) % 1_000_000).padStart(
        6,
        '0',
      );
      if (totpStep(secret, code, t.clock.now) === null) return code;
    }
  };

  test("an attacker's wrong passwords lock only the attacker's address", async () => {
    const op = await enrolledOperator(t, 'admin');
    const attacker = console();
    for (let round = 0; round < 2; round++) {
      const statuses: string[] = [];
      for (let i = 0; i <= MAX; i++) {
        const answer = await attacker.call('adminLogin', {
          username: op.username,
          password: `wrong password ${i}`,
        });
        statuses.push(answer.body.status);
      }
      expect(statuses).toContain('AccountLocked');
      const own = console();
      await own.ok('adminLogin', {
        username: op.username,
        password: op.password,
        code: totpCode(op.secret, t.clock.now),
      });
      await own.ok('adminMe', {});
      t.clock.advance(5 * MS_PER_MINUTE);
    }
    // The attacker's address stays refused, even with the right password and code.
    expectRefusal(
      await attacker.call('adminLogin', {
        username: op.username,
        password: op.password,
        code: totpCode(op.secret, t.clock.now),
      }),
      ErrorCode.ACCOUNT_LOCKED,
    );
  });

  test('wrong codes with the right password are capped per operator, from any address', async () => {
    const op = await enrolledOperator(t, 'admin');
    for (let i = 0; i < MAX - 1; i++)
      expectRefusal(
        await console().call('adminLogin', {
          username: op.username,
          password: op.password,
          code: wrongCode(op.secret),
        }),
        ErrorCode.CODE_INVALID,
      );
    const last = await console().call('adminLogin', {
      username: op.username,
      password: op.password,
      code: wrongCode(op.secret),
    });
    expectRefusal(last, ErrorCode.ACCOUNT_LOCKED);
    // Even the right code, from a fresh address, waits for the window.
    const right = { username: op.username, password: op.password };
    expectRefusal(
      await console().call('adminLogin', { ...right, code: totpCode(op.secret, t.clock.now) }),
      ErrorCode.ACCOUNT_LOCKED,
    );
    const minutes = Number(/(\d+) min/.exec(last.body.msg)?.[1]);
    expect(minutes).toBeGreaterThanOrEqual(1);
    expect(minutes).toBeLessThanOrEqual(30);
    t.clock.advance(minutes * MS_PER_MINUTE);
    await console().ok('adminLogin', { ...right, code: totpCode(op.secret, t.clock.now) });
  });
});
