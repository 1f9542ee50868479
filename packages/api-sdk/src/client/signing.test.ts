import { describe, expect, test } from 'vitest';
import { NONCE_ALPHABET } from '@nimbus/domain';
import { createNonce, signedJson, utf8BinaryString } from './signing.ts';

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
  expect(JSON.parse(signedJson({ a: 1 }, 'abcdEFG1', 42))).toEqual({ a: 1, nonce: 'abcdEFG1', timestamp: 42 });
});

test('utf8BinaryString gives one char per UTF-8 byte', () => {
  const s = utf8BinaryString('é你');
  expect([...s].map((c) => c.charCodeAt(0))).toEqual([0xc3, 0xa9, 0xe4, 0xbd, 0xa0]);
});
