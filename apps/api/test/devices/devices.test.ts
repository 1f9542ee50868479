import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await startTestApp();
  client = new Client(t.app);
});
afterEach(() => t.close());

const phone = (deviceId: string, name = 'My iPhone') => ({
  deviceId,
  platform: 0,
  kind: 0,
  system: 'iOS 18.2',
  version: '4.1.0',
  name,
});

/** A user with running membership (the invited trial) and room for two devices. */
async function member(c: Client): Promise<void> {
  await registerWithUsername(c);
  await c.ok('userTrial', {});
  const info = (await c.signedCall('systemUserInfo', {})).body.data;
  expect(info?.deviceLimit).toBe(2);
}

describe('devices', () => {
  test('binding needs running membership', async () => {
    await registerWithUsername(client);
    const answer = await client.call('userBindDevice', phone('app-device-1'));
    expect(answer.status).toBe(403);
    expect(answer.body.status).toBe('MembershipRequired');
  });

  test('bind, list, rename and unbind; the list marks the calling device', async () => {
    await member(client);
    const bound = await client.ok('userBindDevice', phone(client.deviceId ?? ''));
    expect(bound).toMatchObject({
      type: 0,
      kind: 0,
      system: 'iOS 18.2',
      version: '4.1.0',
      name: 'My iPhone',
      boundAt: t.clock.now,
      current: true,
    });
    const other = await client.ok('userBindDevice', {
      ...phone('laptop-1', 'Work laptop'),
      platform: 3,
      kind: 1,
      system: 'Windows 11',
    });
    expect(other.current).toBe(false);

    const list = await client.ok('userGetDeviceList', {});
    expect(list.deviceLimit).toBe(2);
    expect(list.items.map((d) => d.name)).toEqual(['My iPhone', 'Work laptop']);

    const renamed = await client.ok('userUpdateDevice', {
      deviceId: other.id,
      name: '  Home\nPC  ',
    });
    expect(renamed.name).toBe('HomePC');
    await client.ok('userUnbindDevice', { deviceId: bound.id });
    expect((await client.ok('userGetDeviceList', {})).items.map((d) => d.id)).toEqual([other.id]);
  });

  test('binding again from the same device takes no new slot and updates it', async () => {
    await member(client);
    const first = await client.ok('userBindDevice', phone('same'));
    const again = await client.ok('userBindDevice', { ...phone('same'), version: '4.2.0' });
    expect(again.id).toBe(first.id);
    expect(again.version).toBe('4.2.0');
    expect((await client.ok('userGetDeviceList', {})).items).toHaveLength(1);
  });

  test("a device past the plan's limit is refused until one is unbound", async () => {
    await member(client);
    const a = await client.ok('userBindDevice', phone('a'));
    await client.ok('userBindDevice', phone('b'));
    const third = await client.call('userBindDevice', phone('c'));
    expect(third.status).toBe(409);
    expect(third.body.status).toBe('DeviceLimitReached');
    await client.ok('userUnbindDevice', { deviceId: a.id });
    await client.ok('userBindDevice', phone('c'));
  });

  test('racing binds cannot exceed the limit', async () => {
    await member(client);
    const answers = await Promise.all(
      ['r1', 'r2', 'r3', 'r4'].map((id) => client.call('userBindDevice', phone(id))),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(2);
    expect((await client.ok('userGetDeviceList', {})).items).toHaveLength(2);
  });

  test("another user's token can neither see, rename nor unbind a device: it answers as if there were none", async () => {
    await member(client);
    const mine = await client.ok('userBindDevice', phone('private'));
    const stranger = new Client(t.app);
    await registerWithUsername(stranger);
    expect((await stranger.ok('userGetDeviceList', {})).items).toEqual([]);
    const unbind = await stranger.call('userUnbindDevice', { deviceId: mine.id });
    const missing = await stranger.call('userUnbindDevice', { deviceId: '999999999' });
    expect(unbind.status).toBe(404);
    expect(unbind.body).toEqual(missing.body);
    expect(unbind.body.status).toBe('DeviceNotFound');
    expect(
      (await stranger.call('userUpdateDevice', { deviceId: mine.id, name: 'pwned' })).body.status,
    ).toBe('DeviceNotFound');
    expect((await client.ok('userGetDeviceList', {})).items).toEqual([mine]);
  });

  test('an id past PostgreSQL integers (15 digits) answers as a missing device, never a 500', async () => {
    await member(client);
    const missing = await client.call('userUnbindDevice', { deviceId: '999999999' });
    for (const deviceId of ['110000000000000', '2147483648']) {
      const unbind = await client.call('userUnbindDevice', { deviceId });
      expect(unbind.status).toBe(404);
      expect(unbind.body).toEqual(missing.body);
      const rename = await client.call('userUpdateDevice', { deviceId, name: 'x' });
      expect(rename.body.status).toBe('DeviceNotFound');
    }
  });

  test('device calls need a session', async () => {
    expect((await client.call('userGetDeviceList', {})).status).toBe(401);
  });

  test('an empty name after trimming is refused with the inline-edit message', async () => {
    await member(client);
    const d = await client.ok('userBindDevice', phone('n'));
    const answer = await client.call('userUpdateDevice', { deviceId: d.id, name: ' \n ' });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('This field cannot be empty');
  });
});

describe('the deviceId header', () => {
  test('a request without one gets a verifiable id in the deviceId response header, kept afterwards', async () => {
    const first = await client.call('systemPublicKeys', {});
    const issued = first.headers.deviceid;
    expect(issued).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    const second = await client.call('systemPublicKeys', {});
    expect(second.headers.deviceid).toBeUndefined();
    expect(second.body.code).toBe(200);
  });

  test('a tampered id is refused with DEVICE_ID_INVALID and a fresh id to retry with', async () => {
    await client.call('systemPublicKeys', {});
    const good = client.deviceId ?? '';
    const tampered = `${good.slice(0, 5)}${good[5] === 'A' ? 'B' : 'A'}${good.slice(6)}`;
    for (const bad of [tampered, 'made-up', `${good}x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v4/api/system/system_public_keys',
        payload: {},
        headers: { deviceid: bad, language: 'zh_CN' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 1002, status: 'DeviceIdInvalid', data: null });
      expect(res.json<{ msg: string }>().msg).toMatch(/设备/);
      const fresh = res.headers.deviceid;
      expect(typeof fresh).toBe('string');
      const retry = await t.app.inject({
        method: 'POST',
        url: '/v4/api/system/system_public_keys',
        payload: {},
        headers: { deviceid: String(fresh) },
      });
      expect(retry.statusCode).toBe(200);
    }
  });

  test('an id issued by one process verifies on another sharing the secret, and nowhere else', async () => {
    await client.call('systemPublicKeys', {});
    const headers = { deviceid: client.deviceId ?? '' };
    const sibling = await secondProcess(t);
    const stranger = await startTestApp();
    try {
      expect(
        (
          await sibling.app.inject({
            method: 'POST',
            url: '/v4/api/system/system_public_keys',
            payload: {},
            headers,
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await stranger.app.inject({
            method: 'POST',
            url: '/v4/api/system/system_public_keys',
            payload: {},
            headers,
          })
        ).statusCode,
      ).toBe(400);
    } finally {
      await sibling.close();
      await stranger.close();
    }
  });
});
