import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { resources } from '../src/resources.ts';

// The lint boundaries keep i18n from importing @nimbus/api-sdk, so the catalogue of API result
// codes is read as text: every `key: '...'` of error-codes.ts must have a message here.
const errorCodesFile = fileURLToPath(
  new URL('../../api-sdk/src/contract/error-codes.ts', import.meta.url),
);

function errorKeys(source: string): string[] {
  return [...source.matchAll(/\bkey:\s*'([a-z0-9_]+)'/g)].map((m) => m[1] ?? '');
}

const keys = errorKeys(readFileSync(errorCodesFile, 'utf8'));

describe('the errors namespace covers every API result code', () => {
  test('error-codes.ts is found and lists its keys', () => {
    // A failed parse would make every row below vanish and the suite pass vacuously.
    expect(keys.length).toBeGreaterThan(50);
    expect(keys).toContain('unauthorized');
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.each(keys)('%s has a message in en and zh-CN', (key) => {
    const en: Record<string, string> = resources.en.errors;
    const zh: Record<string, string> = resources['zh-CN'].errors;
    expect(en[key], `en errors:${key}`).toBeTruthy();
    expect(zh[key], `zh-CN errors:${key}`).toBeTruthy();
  });

  test('a network failure has its own message', () => {
    expect(resources.en.errors.network).toBe('Network error. Please try again later.');
    expect(resources['zh-CN'].errors.network).toBeTruthy();
  });
});
