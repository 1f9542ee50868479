import { ErrorCode } from '@nimbus/api-sdk/contract';
import { SIGNATURE_WINDOW_MS } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { registerWithUsername } from '../support/accounts.ts';
import { Client, nonce, sign } from '../support/client.ts';
import { pruneExpired } from '../../src/services.ts';
import { secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp();
  client = new Client(t.app);
  await registerWithUsername(client);
});
afterEach(() => t.close());

const refusedAsSignature = (answer: {
  status: number;
  body: { code: number; status: string; msg: string };
}) => {
  expect(answer.status).toBe(400);
  expect(answer.body).toMatchObject({
    code: ErrorCode.SIGNATURE_INVALID.code,
    status: 'SignatureInvalid',
    data: null,
  });
};

describe('signed calls', () => {
  test('a payload encrypted with jsencrypt OAEP and the platform key opens (user info)', async () => {
    const answer = await client.signedCall('systemUserInfo', {});
    expect(answer.body.code).toBe(200);
  });

  test.each(['ios', 'android', 'mac', 'windows'])(
    'each platform has its own key: %s',
    async (platform) => {
      client.platform = platform;
      expect((await client.signedCall('systemUserInfo', {})).body.code).toBe(200);
    },
  );

  test("a signature made with another platform's key is refused", async () => {
    const keys = (await client.ok('systemPublicKeys', {})).keys;
    client.platform = 'ios';
    refusedAsSignature(await client.call('systemUserInfo', { signature: sign(keys.android, {}) }));
  });

  test('a replayed signature is refused, and so is the same nonce with the same timestamp', async () => {
    const keys = (await client.ok('systemPublicKeys', {})).keys;
    const signature = sign(keys.windows, {});
    expect((await client.call('systemUserInfo', { signature })).body.code).toBe(200);
    refusedAsSignature(await client.call('systemUserInfo', { signature }));
    const timestamp = t.clock.now;
    const n = nonce();
    expect(
      (await client.call('systemUserInfo', { signature: sign(keys.windows, {}, timestamp, n) }))
        .body.code,
    ).toBe(200);
    refusedAsSignature(
      await client.call('systemUserInfo', { signature: sign(keys.windows, {}, timestamp, n) }),
    );
  });

  test('a replay is refused by another server process sharing the database', async () => {
    const keys = (await client.ok('systemPublicKeys', {})).keys;
    const signature = sign(keys.windows, {});
    expect((await client.call('systemUserInfo', { signature })).body.code).toBe(200);
    const other = await secondProcess(t);
    try {
      const replayer = new Client(other.app);
      replayer.token = client.token;
      replayer.deviceId = client.deviceId;
      refusedAsSignature(await replayer.call('systemUserInfo', { signature }));
      // ...while a fresh signature works there, so the refusal is the replay and not the process.
      expect(
        (await replayer.call('systemUserInfo', { signature: sign(keys.windows, {}) })).body.code,
      ).toBe(200);
    } finally {
      await other.close();
    }
  });

  test.each([
    ['too old', -SIGNATURE_WINDOW_MS - 1_000],
    ['too far in the future', SIGNATURE_WINDOW_MS + 1_000],
  ])('a timestamp %s is refused', async (_name, offset) => {
    // Measured from the server's clock, not the wall clock: the set-up's time must not count.
    refusedAsSignature(
      await client.signedCall('systemUserInfo', {}, { timestamp: t.clock.now + offset }),
    );
  });

  test('a timestamp just inside the window is accepted', async () => {
    expect(
      (
        await client.signedCall(
          'systemUserInfo',
          {},
          { timestamp: t.clock.now - SIGNATURE_WINDOW_MS + 30_000 },
        )
      ).body.code,
    ).toBe(200);
  });

  test.each([
    ['not base64', '%%%'],
    ['random bytes', Buffer.alloc(256, 7).toString('base64')],
    ['empty', ''],
    ['a number instead of a string', 42],
  ])('a signature that is %s gets the same uniform refusal', async (_name, signature) => {
    const answer = await client.call('systemUserInfo', { signature });
    refusedAsSignature(answer);
    expect(answer.body.msg).toMatch(/could not be verified/);
  });

  test('a body without signature, or with extra fields, is a signature failure too', async () => {
    refusedAsSignature(await client.call('systemUserInfo', {}));
    refusedAsSignature(await client.call('systemUserInfo', { signature: 'x', extra: 1 }));
  });

  test('a bad nonce (wrong length or alphabet) is refused', async () => {
    refusedAsSignature(await client.signedCall('systemUserInfo', {}, { nonce: 'short' }));
    refusedAsSignature(await client.signedCall('systemUserInfo', {}, { nonce: 'abc-efgh' }));
  });

  test('the decrypted payload is validated against the request schema', async () => {
    const answer = await client.signedCall('systemUserInfo', { unexpected: true });
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION_FAILED.code, data: null });
  });

  test('seen nonces are kept while their timestamp is inside the window, then pruned', async () => {
    const { db } = t.app.services;
    expect((await client.signedCall('systemUserInfo', {})).body.code).toBe(200);
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('signature_nonces')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count()).toBeGreaterThan(0);
    await pruneExpired(t.app.services, t.clock.now);
    expect(await count()).toBeGreaterThan(0);
    await pruneExpired(t.app.services, t.clock.now + 2 * SIGNATURE_WINDOW_MS);
    expect(await count()).toBe(0);
  });

  test('a valid signature without a session is Unauthorized', async () => {
    client.token = undefined;
    const answer = await client.signedCall('systemUserInfo', {});
    expect(answer.status).toBe(401);
    expect(answer.body.status).toBe('Unauthorized');
  });
});

describe('where signed calls are decrypted', () => {
  test('on the worker threads, many signed calls at once each open once', async () => {
    const keys = (await client.ok('systemPublicKeys', {})).keys;
    const signatures = Array.from({ length: 24 }, () => sign(keys.windows, {}));
    const answers = await Promise.all(
      signatures.map((signature) => client.call('systemUserInfo', { signature })),
    );
    expect(answers.map((a) => a.body.code)).toEqual(signatures.map(() => 200));
    // Each nonce was claimed once: sending the same signatures again is refused every time.
    const replays = await Promise.all(
      signatures.map((signature) => client.call('systemUserInfo', { signature })),
    );
    for (const replay of replays) refusedAsSignature(replay);
  });

  test('with DECRYPT_THREADS=0 on the event loop: the same calls open, the same ones fail', async () => {
    const here = await startTestApp({ env: { DECRYPT_THREADS: '0' } });
    try {
      const local = new Client(here.app);
      await registerWithUsername(local);
      expect((await local.signedCall('systemUserInfo', {})).body.code).toBe(200);
      const keys = (await local.ok('systemPublicKeys', {})).keys;
      local.platform = 'ios';
      refusedAsSignature(await local.call('systemUserInfo', { signature: sign(keys.android, {}) }));
    } finally {
      await here.close();
    }
  });
});
