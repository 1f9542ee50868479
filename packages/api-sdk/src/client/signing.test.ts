import { describe, expect, test } from 'vitest';
import { NONCE_ALPHABET } from '@nimbus/domain';
import { decryptSignature, generateKeys } from '../../test/test-server.ts';
import { createNonce, encryptOaep, signedJson, utf8BinaryString } from './signing.ts';

describe('createNonce', () => {
  test('8 letters or digits from crypto.getRandomValues, different each time', () => {
    const seen = new Set(Array.from({ length: 200 }, () => createNonce()));
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(seen.size).toBe(200);
  });

  test('maps bytes onto the alphabet and skips bytes that would bias it', () => {
    // 248 = 4 * 62 is the first biased byte: it must be skipped, not mapped to 'A'.
    const script = [248, 255, 0, 1, 61, 62, 247, 10, 11, 12];
    const random = (bytes: Uint8Array) => {
      bytes.fill(0);
      bytes.set(script.slice(0, bytes.length));
    };
    const expected = [0, 1, 61, 62, 247, 10, 11, 12].map((b) => NONCE_ALPHABET[b % 62]).join('');
    expect(createNonce(random)).toBe(expected);
  });

  test('keeps drawing while random bytes are all biased', () => {
    let round = 0;
    const random = (bytes: Uint8Array) => {
      bytes.fill(round++ === 0 ? 250 : 5);
    };
    expect(createNonce(random)).toBe(NONCE_ALPHABET[5]?.repeat(8));
  });
});

test('signedJson adds nonce and timestamp to the payload', () => {
  expect(JSON.parse(signedJson({ a: 1 }, 'abcdEFG1', 42))).toEqual({
    a: 1,
    nonce: 'abcdEFG1',
    timestamp: 42,
  });
});

test('utf8BinaryString gives one char per UTF-8 byte', () => {
  const s = utf8BinaryString('é你');
  expect([...s].map((c) => c.charCodeAt(0))).toEqual([0xc3, 0xa9, 0xe4, 0xbd, 0xa0]);
});

describe('encryptOaep', () => {
  const keys = generateKeys();
  const text = signedJson(
    { account: 'ana@example.com', name: '你好 é' },
    'abcdEFG1',
    1_700_000_000_000,
  );

  test.each([
    ['Web Crypto', globalThis.crypto.subtle],
    ['jsencrypt (no Web Crypto: plain-HTTP pages)', undefined],
  ])(
    '%s output decrypts with node:crypto RSA-OAEP SHA-256 to the UTF-8 text',
    async (_name, subtle) => {
      const signature = await encryptOaep(text, keys.publicKeyPem, subtle);
      expect(signature).toMatch(/^[A-Za-z0-9+/]+=*$/);
      expect(Buffer.from(signature, 'base64')).toHaveLength(256);
      expect(decryptSignature(signature, keys.privateKey)).toEqual(JSON.parse(text));
    },
  );

  test('each encryption is randomised (OAEP), so equal payloads never give equal bodies', async () => {
    const [a, b] = await Promise.all([
      encryptOaep(text, keys.publicKeyPem),
      encryptOaep(text, keys.publicKeyPem),
    ]);
    expect(a).not.toBe(b);
  });

  test.each([
    ['Web Crypto', globalThis.crypto.subtle],
    ['jsencrypt', undefined],
  ])(
    '%s: a payload beyond what OAEP-2048 carries (190 bytes) is refused with a clear error',
    async (_name, subtle) => {
      await expect(encryptOaep('x'.repeat(191), keys.publicKeyPem, subtle)).rejects.toThrow(
        /too long for the key/,
      );
      await expect(encryptOaep('x'.repeat(190), keys.publicKeyPem, subtle)).resolves.toBeTruthy();
    },
  );

  test('a key that is not an RSA public key is refused, and a later valid key still works', async () => {
    await expect(
      encryptOaep('{}', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----'),
    ).rejects.toThrow(/public key is invalid/);
    expect(
      decryptSignature(await encryptOaep('{"a":1}', keys.publicKeyPem), keys.privateKey),
    ).toEqual({ a: 1 });
  });
});
