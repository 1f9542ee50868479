import { constants, publicEncrypt } from 'node:crypto';
import {
  endpointNames,
  endpoints,
  ErrorCode,
  type EndpointName,
  type ErrorCodeEntry,
} from '@nimbus/api-sdk/contract';
import { MS_PER_MINUTE, SIGNATURE_WINDOW_MS, VERIFICATION_CODE_MAX_ATTEMPTS } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pruneExpired } from '../../src/services.ts';
import {
  outboxCode,
  PASSWORD,
  registerWithEmail,
  registerWithUsername,
  uniqueEmail,
  uniqueUsername,
} from '../support/accounts.ts';
import { Client, nonce, sign, type Answer } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  catalogueMessage,
  cataloguePattern,
  databaseFingerprint,
  expectRefusal,
} from './fixtures.ts';

/**
 * Signed calls against replay, stale or future timestamps and tampering (beyond signature.test.ts:
 * every signed endpoint of the contract, concurrency, other endpoints and prefixes, raw
 * ciphertext changes, wrong padding, odd payloads), and the brute-force limits on login, code
 * checks and code sending (beyond accounts.test.ts and codes.test.ts: case variants, spoofed
 * X-Forwarded-For, every code purpose), each refusal localised from the catalogues.
 */

const LIMITS = {
  loginFailuresPerAccountAndIp: { max: 3, windowMs: 15 * MS_PER_MINUTE },
  loginFailuresPerIp: { max: 6, windowMs: 15 * MS_PER_MINUTE },
  codesPerTarget: { max: 3, windowMs: 60 * MS_PER_MINUTE },
  codesPerIp: { max: 4, windowMs: 60 * MS_PER_MINUTE },
};

let t: TestApp;
let keys: Record<string, string>;
let user: Client;
let username: string;
let email: string;
let emailUser: Client;

let ipCounter = 0;
/** Each client its own address, so per-IP counters of one test never spill into another. */
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const newClient = (language = 'en') => {
  const c = new Client(t.app, freshIp());
  c.language = language;
  return c;
};

beforeAll(async () => {
  t = await startTestApp({ limits: LIMITS });
  user = newClient();
  username = (await registerWithUsername(user)).username;
  emailUser = newClient();
  email = (await registerWithEmail(emailUser)).email;
  keys = (await user.ok('systemPublicKeys', {})).keys;
});
afterAll(() => t.close());

const SIGNED = endpointNames.filter((n) => endpoints[n].signed);
const signedPath = (name: EndpointName, prefix = '/v4') => `${prefix}${endpoints[name].path}`;

/** Encrypts any text for a platform as the apps do (RSA-OAEP, SHA-256). */
const encrypt = (
  text: string,
  platform = 'windows',
  padding: number = constants.RSA_PKCS1_OAEP_PADDING,
) =>
  publicEncrypt(
    {
      key: keys[platform] ?? '',
      padding,
      ...(padding === constants.RSA_PKCS1_OAEP_PADDING ? { oaepHash: 'sha256' } : {}),
    },
    Buffer.from(text),
  ).toString('base64');

const payloadText = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({ ...fields, nonce: nonce(), timestamp: t.clock.now });

function expectSignatureRefusal(answer: Answer, language: 'en' | 'zh-CN' = 'en') {
  expectRefusal(answer, ErrorCode.SIGNATURE_INVALID, language);
}

describe('replays', () => {
  test.each(SIGNED)(
    '%s: the same signature twice is refused the second time, and the replay changes nothing',
    async (name) => {
      const signature = sign(keys.windows ?? '', {}, t.clock.now);
      expect((await user.call(name, { signature })).body.code).toBe(200);
      const before = await databaseFingerprint(t.app);
      const nonces = await t.app.services.db.selectFrom('signature_nonces').selectAll().execute();
      expectSignatureRefusal(await user.call(name, { signature }));
      expect(await databaseFingerprint(t.app)).toEqual(before);
      expect(await t.app.services.db.selectFrom('signature_nonces').selectAll().execute()).toEqual(
        nonces,
      );
    },
  );

  test('ten concurrent sends of one signature: exactly one is accepted (both dialects race on the key)', async () => {
    const signature = sign(keys.windows ?? '', {}, t.clock.now);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => user.call('systemUserInfo', { signature })),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.body.code !== 200))
      expectSignatureRefusal(refused);
  });

  test('a signature captured on one endpoint is refused on another, under the other prefix, and with another session', async () => {
    const signature = sign(keys.windows ?? '', {}, t.clock.now);
    expect((await user.call('paymentShop', { signature })).body.code).toBe(200);
    expectSignatureRefusal(await user.raw(signedPath('systemDisplayConfig'), { signature }));
    expectSignatureRefusal(await user.raw(signedPath('paymentShop', '/v4/test'), { signature }));
    const attacker = newClient();
    await registerWithUsername(attacker);
    expectSignatureRefusal(await attacker.call('paymentShop', { signature }));
  });

  test('a nonce reused with its timestamp but another payload is refused', async () => {
    const n = nonce();
    const timestamp = t.clock.now;
    expect(
      (await user.call('paymentShop', { signature: sign(keys.windows ?? '', {}, timestamp, n) }))
        .body.code,
    ).toBe(200);
    expectSignatureRefusal(
      await user.call('paymentShop', {
        signature: sign(keys.windows ?? '', { groupType: 2 }, timestamp, n),
      }),
    );
  });

  test('after the window, pruning the seen nonces does not reopen a replay: the timestamp is stale by then', async () => {
    const signature = sign(keys.windows ?? '', {}, t.clock.now);
    expect((await user.call('systemClientConfig', { signature })).body.code).toBe(200);
    t.clock.advance(SIGNATURE_WINDOW_MS + 1_000);
    await pruneExpired(t.app.services, t.clock.now);
    expectSignatureRefusal(await user.call('systemClientConfig', { signature }));
  });
});

describe('the timestamp window, both sides, on every signed endpoint', () => {
  const cases: [string, (now: number) => unknown][] = [
    ['too old', (now) => now - SIGNATURE_WINDOW_MS - 1_000],
    ['too far ahead', (now) => now + SIGNATURE_WINDOW_MS + 1_000],
    ['zero', () => 0],
    ['negative', () => -1],
    ['far future', () => Date.UTC(2100, 0, 1)],
    ['fractional', (now) => now + 0.5],
    ['a string', (now) => String(now)],
    ['in seconds, not milliseconds', (now) => Math.floor(now / 1000)],
    ['missing', () => undefined],
  ];
  test.each(SIGNED.flatMap((name) => cases.map(([label, at]) => [name, label, at] as const)))(
    '%s, timestamp %s: refused',
    async (name, _label, at) => {
      const text = JSON.stringify({ nonce: nonce(), timestamp: at(t.clock.now) });
      expectSignatureRefusal(await user.call(name, { signature: encrypt(text) }));
    },
  );

  test.each(SIGNED)('%s: just inside the window on both sides is accepted', async (name) => {
    for (const offset of [-SIGNATURE_WINDOW_MS + 5_000, SIGNATURE_WINDOW_MS - 5_000]) {
      expect(
        (await user.call(name, { signature: sign(keys.windows ?? '', {}, t.clock.now + offset) }))
          .body.code,
      ).toBe(200);
    }
  });
});

describe('tampering', () => {
  const flip = (signature: string, at: number) => {
    const bytes = Buffer.from(signature, 'base64');
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    return bytes.toString('base64');
  };

  test.each([
    ['one bit of the first byte flipped', (s: string) => flip(s, 0)],
    ['one bit in the middle flipped', (s: string) => flip(s, 128)],
    ['one bit of the last byte flipped', (s: string) => flip(s, 255)],
    [
      'truncated by one byte',
      (s: string) => Buffer.from(s, 'base64').subarray(0, 255).toString('base64'),
    ],
    [
      'one byte appended',
      (s: string) => Buffer.concat([Buffer.from(s, 'base64'), Buffer.from([0])]).toString('base64'),
    ],
    [
      'two signatures concatenated',
      (s: string) =>
        Buffer.concat([Buffer.from(s, 'base64'), Buffer.from(s, 'base64')]).toString('base64'),
    ],
    [
      'base64url instead of base64',
      (s: string) => `${s.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}-_`,
    ],
  ])('a ciphertext %s is refused', async (_label, tamper) => {
    const original = sign(keys.windows ?? '', {}, t.clock.now);
    const tampered = tamper(original);
    expect(tampered).not.toBe(original);
    expectSignatureRefusal(await user.call('systemUserInfo', { signature: tampered }));
    // The untouched signature still works: the refusal was the tampering, and did not burn the
    // nonce.
    expect((await user.call('systemUserInfo', { signature: original })).body.code).toBe(200);
  });

  const platforms = ['ios', 'android', 'mac', 'windows'];
  test.each(
    platforms.flatMap((signedFor) =>
      platforms.filter((p) => p !== signedFor).map((header) => [signedFor, header]),
    ),
  )('encrypted for %s, sent as %s: refused', async (signedFor, header) => {
    const c = newClient();
    c.token = user.token;
    c.deviceId = user.deviceId;
    c.platform = header;
    expectSignatureRefusal(
      await c.call('systemUserInfo', { signature: sign(keys[signedFor] ?? '', {}, t.clock.now) }),
    );
  });

  test('PKCS#1 v1.5 padding instead of OAEP is refused', async () => {
    expectSignatureRefusal(
      await user.call('systemUserInfo', {
        signature: encrypt(payloadText(), 'windows', constants.RSA_PKCS1_PADDING),
      }),
    );
  });

  test.each([
    ['not JSON', 'nonce=abcdefgh'],
    ['a JSON array', '[1,2,3]'],
    ['JSON null', 'null'],
    ['a JSON string', '"hello"'],
    ['no nonce', '{"timestamp":NOW}'],
    ['a nonce of the wrong type', '{"nonce":12345678,"timestamp":NOW}'],
  ])('a payload that is %s is refused', async (_label, text) => {
    expectSignatureRefusal(
      await user.call('systemUserInfo', {
        signature: encrypt(text.replace('NOW', String(t.clock.now))),
      }),
    );
  });

  test('fields outside the ciphertext are refused: the body carries the signature only', async () => {
    const signature = sign(keys.windows ?? '', {}, t.clock.now);
    expectSignatureRefusal(await user.call('paymentShop', { signature, groupType: 2 }));
    expectSignatureRefusal(await user.call('paymentShop', { signature: [signature] }));
    // The refused requests did not use the nonce up: the honest signature still works.
    expect((await user.call('paymentShop', { signature })).body.code).toBe(200);
  });

  test('payload fields are validated after opening: unknown, mistyped or prototype-polluting fields are refused', async () => {
    for (const text of [
      payloadText({ groupType: 'lite' }),
      payloadText({ groupType: 9 }),
      payloadText({ admin: true }),
      `{"__proto__":{"polluted":true},"nonce":"${nonce()}","timestamp":${t.clock.now}}`,
      `{"constructor":{"prototype":{"polluted":true}},"nonce":"${nonce()}","timestamp":${t.clock.now}}`,
    ]) {
      const answer = await user.call('paymentShop', { signature: encrypt(text) });
      expectRefusal(answer, ErrorCode.VALIDATION_FAILED);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('every kind of signature failure gets one identical answer (no oracle), localised from the catalogue', async () => {
    for (const language of ['en', 'zh_CN'] as const) {
      const c = newClient(language);
      c.token = user.token;
      const replayed = sign(keys.windows ?? '', {}, t.clock.now);
      await c.call('systemUserInfo', { signature: replayed });
      const answers = [
        await c.call('systemUserInfo', { signature: 'garbage' }),
        await c.call('systemUserInfo', {
          signature: flip(sign(keys.windows ?? '', {}, t.clock.now), 7),
        }),
        await c.call('systemUserInfo', { signature: sign(keys.ios ?? '', {}, t.clock.now) }),
        await c.call('systemUserInfo', {
          signature: sign(keys.windows ?? '', {}, t.clock.now - 2 * SIGNATURE_WINDOW_MS),
        }),
        await c.call('systemUserInfo', { signature: replayed }),
        await c.call('systemUserInfo', { signature: encrypt('[]') }),
      ];
      const lang = language === 'en' ? 'en' : 'zh-CN';
      for (const answer of answers) expectSignatureRefusal(answer, lang);
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    }
    expect(catalogueMessage('en', ErrorCode.SIGNATURE_INVALID)).not.toBe(
      catalogueMessage('zh-CN', ErrorCode.SIGNATURE_INVALID),
    );
  });
});

/** A refusal in both languages: each the catalogue's text, and not the same text. */
async function expectLocalisedRefusal(
  call: (language: string) => Promise<Answer>,
  entry: ErrorCodeEntry,
) {
  const en = await call('en');
  const zh = await call('zh_CN');
  expectRefusal(en, entry, 'en');
  expectRefusal(zh, entry, 'zh-CN');
  expect(zh.body.msg).not.toBe(en.body.msg);
  expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
}

const HOUR = 60 * MS_PER_MINUTE;
/**
 * The counters weigh the previous clock-aligned window (src/security/rate-counter.ts): each
 * brute-force test starts just after a boundary, in a window its predecessors left empty of its
 * keys.
 */
const freshWindow = () => {
  t.clock.now = Math.ceil((t.clock.now + 1) / HOUR) * HOUR + 1_000;
};

const login = (
  c: Client,
  account: string,
  password: string,
  channel: 'username' | 'email' = 'username',
) => c.call('userLogin', { channel, account, password, agreeTerms: true });

describe('brute force on login', () => {
  test('failures lock the account name for that address, whatever the spelling of the name; the right password too; then the window ends', async () => {
    freshWindow();
    const victim = newClient();
    const { username: name } = await registerWithUsername(victim);
    const attacker = newClient();
    const spellings = [name.toUpperCase(), name, ` ${name}`.trim().replace(/^u/, 'U')];
    const statuses: string[] = [];
    for (const spelling of spellings)
      statuses.push((await login(attacker, spelling, 'wrong password 1')).body.status);
    expect(statuses).toEqual(['InvalidCredentials', 'InvalidCredentials', 'AccountLocked']);
    await expectLocalisedRefusal((language) => {
      attacker.language = language;
      return login(attacker, name, PASSWORD);
    }, ErrorCode.ACCOUNT_LOCKED);
    attacker.language = 'en';
    const locked = await login(attacker, name, PASSWORD);
    expect(locked.body.msg).toMatch(/\d+ min/);
    expect(locked.headers.pragma).toBeUndefined();
    // Any other address, the owner's, is not locked out.
    expect((await login(newClient(), name, PASSWORD)).body.code).toBe(200);
    t.clock.advance(LIMITS.loginFailuresPerAccountAndIp.windowMs);
    expect((await login(attacker, name, PASSWORD)).body.code).toBe(200);
  });

  test('an account that does not exist locks the same way (the lock reveals nothing)', async () => {
    freshWindow();
    const ghost = uniqueUsername();
    const attacker = newClient();
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await login(attacker, ghost, `wrong password ${i}`)).body.status);
    expect(statuses).toEqual(['InvalidCredentials', 'InvalidCredentials', 'AccountLocked']);
  });

  test('e-mail logins lock per address in any letter case; wrong codes do not count and a code login is never locked', async () => {
    freshWindow();
    const attacker = newClient();
    const statuses: string[] = [];
    statuses.push(
      (await login(attacker, email.toUpperCase(), 'wrong password 1', 'email')).body.status,
    );
    statuses.push(
      (
        await attacker.call('userLogin', {
          channel: 'email',
          account: email,
          code: '000000',
          agreeTerms: true,
        })
      ).body.status,
    );
    statuses.push((await login(attacker, email, 'wrong password 3', 'email')).body.status);
    statuses.push((await login(attacker, email, 'wrong password 4', 'email')).body.status);
    expect(statuses).toEqual([
      'InvalidCredentials',
      'CodeInvalid',
      'InvalidCredentials',
      'AccountLocked',
    ]);
    // The password is locked for this address, the code login is not: the code proves ownership.
    t.clock.advance(61_000);
    await attacker.ok('userSendCode', { channel: 'email', target: email, purpose: 'login' });
    const code = await outboxCode(t.app, email, 'login');
    const byCode = await attacker.call('userLogin', {
      channel: 'email',
      account: email,
      code,
      agreeTerms: true,
    });
    expect(byCode.body.code).toBe(200);
  });

  test('failures lock the address across account names, and a spoofed X-Forwarded-For does not escape it', async () => {
    freshWindow();
    const attacker = newClient();
    for (let i = 0; i < LIMITS.loginFailuresPerIp.max; i++) {
      await attacker.call(
        'userLogin',
        {
          channel: 'username',
          account: uniqueUsername(),
          password: 'guess-guess',
          agreeTerms: true,
        },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
    }
    const spoofed = await attacker.call(
      'userLogin',
      { channel: 'username', account: username, password: PASSWORD, agreeTerms: true },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expectRefusal(spoofed, ErrorCode.ACCOUNT_LOCKED);
    // The account itself is not locked: the same password from another address works.
    expect((await login(newClient(), username, PASSWORD)).body.code).toBe(200);
  });

  test('a wrong password answer is localised and identical for a known and an unknown account', async () => {
    freshWindow();
    const known = await login(newClient(), username, 'wrong password');
    const unknown = await login(newClient(), uniqueUsername(), 'wrong password');
    expect(known.body).toEqual(unknown.body);
    expect(known.status).toBe(unknown.status);
    await expectLocalisedRefusal(
      (language) => login(newClient(language), uniqueUsername(), 'wrong password'),
      ErrorCode.INVALID_CREDENTIALS,
    );
  });
});

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('brute force on codes', () => {
  /** For each purpose: send a code to `target`, then the call that checks it with a given code. */
  const purposes = {
    // A code login is never locked by password failures: the code's own lock stops a guesser.
    login: {
      stoppedBy: 'CodeLocked',
      target: () => email,
      check: (c: Client, code: string) =>
        c.call('userLogin', { channel: 'email', account: email, code, agreeTerms: true }),
    },
    reset: {
      stoppedBy: 'CodeLocked',
      target: () => email,
      check: (c: Client, code: string) =>
        c.call('userResetPassword', { channel: 'email', account: email, code, password: PASSWORD }),
    },
    delete_account: {
      stoppedBy: 'CodeLocked',
      target: () => email,
      check: (_c: Client, code: string) => emailUser.call('userDeleteAccount', { code }),
    },
  } as const;

  test.each(Object.keys(purposes) as (keyof typeof purposes)[])(
    '%s: wrong codes are stopped by a lock; then even the right code is refused',
    async (purpose) => {
      freshWindow();
      const p = purposes[purpose];
      const sender = purpose === 'delete_account' ? emailUser : newClient();
      t.clock.advance(61_000);
      await sender.ok('userSendCode', { channel: 'email', target: p.target(), purpose });
      const code = await outboxCode(t.app, p.target(), purpose);
      const before = await databaseFingerprint(t.app);
      const statuses: string[] = [];
      for (let i = 0; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++)
        statuses.push((await p.check(newClient(), wrongCode(code))).body.status);
      const firstLock = statuses.findIndex((s) => s !== 'CodeInvalid');
      expect(statuses[firstLock], statuses.join()).toBe(p.stoppedBy);
      expect(firstLock).toBeLessThanOrEqual(VERIFICATION_CODE_MAX_ATTEMPTS - 1);
      expect(statuses.slice(firstLock).every((s) => s === p.stoppedBy)).toBe(true);
      const right = await p.check(newClient(), code);
      expect(right.body.status).toBe(p.stoppedBy);
      // Nothing happened to the account: no session, no reset, no deletion.
      const after = await databaseFingerprint(t.app);
      expect(after.users).toEqual(before.users);
      expect(after.sessions).toEqual(before.sessions);
    },
  );

  test('the locked-code and wrong-code refusals are localised', async () => {
    freshWindow();
    const target = uniqueEmail();
    const c = newClient();
    await c.ok('userSendCode', { channel: 'email', target, purpose: 'register' });
    const code = await outboxCode(t.app, target, 'register');
    const register = (language: string, value: string) => {
      const r = newClient(language);
      return r.call('userRegister', {
        channel: 'email',
        account: target,
        password: PASSWORD,
        code: value,
        agreeTerms: true,
      });
    };
    await expectLocalisedRefusal(
      (language) => register(language, wrongCode(code)),
      ErrorCode.CODE_INVALID,
    );
    for (let i = 2; i < VERIFICATION_CODE_MAX_ATTEMPTS; i++) await register('en', wrongCode(code));
    await expectLocalisedRefusal((language) => register(language, code), ErrorCode.CODE_LOCKED);
  });
});

describe('brute force on sending codes', () => {
  test('one address in any letter case counts as one target; the limit is localised', async () => {
    freshWindow();
    const target = uniqueEmail();
    const spellings = [target, target.toUpperCase(), target.replace(/^u/, 'U')];
    for (const spelling of spellings) {
      expect(
        (
          await newClient().call('userSendCode', {
            channel: 'email',
            target: spelling,
            purpose: 'register',
          })
        ).body.code,
      ).toBe(200);
      t.clock.advance(61_000);
    }
    await expectLocalisedRefusal(
      (language) =>
        newClient(language).call('userSendCode', { channel: 'email', target, purpose: 'login' }),
      ErrorCode.RATE_LIMITED,
    );
  });

  test('a second code within the resend interval is refused, localised', async () => {
    freshWindow();
    const target = uniqueEmail();
    await newClient().ok('userSendCode', { channel: 'email', target, purpose: 'register' });
    const again = (language: string) =>
      newClient(language).call('userSendCode', { channel: 'email', target, purpose: 'register' });
    const en = await again('en');
    expect(en.body.status).toBe('CodeResendTooSoon');
    expectRefusal(en, ErrorCode.CODE_RESEND_TOO_SOON);
    const zh = await again('zh_CN');
    expect(zh.body.msg).toMatch(cataloguePattern('zh-CN', ErrorCode.CODE_RESEND_TOO_SOON));
    expect(zh.body.msg).not.toBe(en.body.msg);
  });

  test('codes per address are limited, and a spoofed X-Forwarded-For does not escape it', async () => {
    freshWindow();
    const c = newClient();
    const statuses: string[] = [];
    for (let i = 0; i <= LIMITS.codesPerIp.max; i++) {
      statuses.push(
        (
          await c.call(
            'userSendCode',
            { channel: 'email', target: uniqueEmail(), purpose: 'register' },
            { 'x-forwarded-for': `192.0.2.${i + 1}` },
          )
        ).body.status,
      );
    }
    expect(statuses).toEqual([
      ...Array.from({ length: LIMITS.codesPerIp.max }, () => 'OK'),
      'TooManyRequests',
    ]);
    expect(
      (
        await newClient().call('userSendCode', {
          channel: 'email',
          target: uniqueEmail(),
          purpose: 'register',
        })
      ).body.code,
    ).toBe(200);
  });

  test('every limit refusal leaves no code behind', async () => {
    freshWindow();
    const target = uniqueEmail();
    const c = newClient();
    for (let i = 0; i < LIMITS.codesPerTarget.max; i++) {
      await c.call('userSendCode', { channel: 'email', target, purpose: 'register' });
      t.clock.advance(61_000);
    }
    const outbox = t.app.services.outbox.list().filter((e) => e.to === target).length;
    expectRefusal(
      await c.call('userSendCode', { channel: 'email', target, purpose: 'register' }),
      ErrorCode.RATE_LIMITED,
    );
    expect(t.app.services.outbox.list().filter((e) => e.to === target)).toHaveLength(outbox);
  });
});
