import { describe, expect, test } from 'vitest';
import { SHADOWSOCKS_CIPHERS } from './node-definition.ts';
import { isNodeUuid, nodeCredentials, ss2022Password } from './node-credentials.ts';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('credentials derived from the feed uuid as node software does', () => {
  test.each([
    ['VLESS and VMess take the uuid as their id', () => nodeCredentials(UUID).uuid, UUID],
    [
      'a 2022-blake3-chacha20-poly1305 user key is base64 of the first 32 characters',
      () => nodeCredentials(UUID).ssUserKey(SHADOWSOCKS_CIPHERS['2022-blake3-chacha20-poly1305']),
      Buffer.from(UUID.slice(0, 32), 'ascii').toString('base64'),
    ],
    [
      'Trojan and Hysteria2 take the uuid text as the password',
      () => nodeCredentials(UUID).password,
      UUID,
    ],
    [
      'a 2022-blake3-aes-128-gcm user key is base64 of the first 16 characters',
      () => nodeCredentials(UUID).ssUserKey(16),
      Buffer.from(UUID.slice(0, 16), 'ascii').toString('base64'),
    ],
    [
      'a 2022-blake3-aes-256-gcm user key is base64 of the first 32 characters',
      () => nodeCredentials(UUID).ssUserKey(32),
      Buffer.from(UUID.slice(0, 32), 'ascii').toString('base64'),
    ],
    [
      'the 2022 client password is server key, colon, user key',
      () => ss2022Password('6MQtijhe4gyTkNWUAqdGlQ==', UUID, 16),
      `6MQtijhe4gyTkNWUAqdGlQ==:${Buffer.from(UUID.slice(0, 16)).toString('base64')}`,
    ],
  ])('%s', (_rule, derive, expected) => {
    expect(derive()).toBe(expected);
  });

  test('a user key decodes to exactly the cipher key length', () => {
    expect(Buffer.from(nodeCredentials(UUID).ssUserKey(16), 'base64')).toHaveLength(16);
    expect(Buffer.from(nodeCredentials(UUID).ssUserKey(32), 'base64')).toHaveLength(32);
  });

  test.each([
    [UUID, true],
    [UUID.toUpperCase(), false],
    ['3b241101e2bb42558caf4136c566a962', false],
    ['', false],
    [`${UUID}x`, false],
  ])('%s is a node uuid: %s', (value, expected) => {
    expect(isNodeUuid(value)).toBe(expected);
  });

  test('anything else is a programmer error', () => {
    expect(() => nodeCredentials('not-a-uuid')).toThrow(RangeError);
  });
});
