import { endpointNames, ErrorCode, schemas } from '@nimbus/api-sdk/contract';
import { resources } from '@nimbus/i18n/server';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { describe, expect, test } from 'vitest';
import { validatorFor } from '../../src/http/validator.ts';
import { catalogueMessages, checkAnswer, expectedLanguage, LEAKS, type Answer } from './oracle.ts';
import { hasNul, isPoisoned } from './requests.ts';
import { malformedValue, validValue, withOwnKey } from './schema-arbitraries.ts';

// The fuzzer's own parts: generators that mean what they say, and an oracle that can fail.

describe('arbitraries derived from the contract schemas', () => {
  test.each(endpointNames)(
    '%s: valid values pass its request schema, malformed ones fail it',
    (name) => {
      const validator = validatorFor(schemas[name].request as TSchema);
      for (const value of fc.sample(validValue(schemas[name].request), { numRuns: 100, seed: 7 })) {
        expect(validator.Check(value), JSON.stringify(value)).toBe(true);
      }
      for (const value of fc.sample(malformedValue(schemas[name].request), {
        numRuns: 100,
        seed: 7,
      })) {
        expect(validator.Check(value), JSON.stringify(value)).toBe(false);
      }
    },
  );

  test('prototype keys are own properties that survive JSON', () => {
    const poisoned = withOwnKey({ a: 1 }, '__proto__', { isAdmin: true });
    expect(JSON.stringify(poisoned)).toBe('{"a":1,"__proto__":{"isAdmin":true}}');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(isPoisoned(JSON.parse('{"a":[{"constructor":{"prototype":{}}}]}'))).toBe(true);
    expect(isPoisoned({ constructor: 'x' })).toBe(false);
    expect(hasNul({ a: ['x\u0000'] })).toBe(true);
    expect(hasNul({ a: '\\u0000' })).toBe(false);
  });
});

describe('the oracle', () => {
  const envelope = (code: number, msg: string, http = 400): Answer => ({
    status: http,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      code,
      msg,
      status: code === 400 ? 'BadRequest' : 'Unauthorized',
      data: null,
    }),
  });
  const refused = { refused: true, reason: 'test' };

  test('the language rule: en in any case is English, anything else the default Chinese', () => {
    expect(['en', ' EN ', 'En'].map(expectedLanguage)).toEqual(['en', 'en', 'en']);
    expect(['zh_CN', 'zh-CN', 'fr', '', undefined, 'en-US'].map(expectedLanguage)).toEqual(
      Array(6).fill('zh-CN'),
    );
  });

  test('catalogue texts match themselves, with placeholders filled, and never look like a leak', () => {
    for (const language of ['en', 'zh-CN'] as const) {
      for (const entry of Object.values(ErrorCode)) {
        const text = (resources[language].errors as Record<string, string>)[entry.key] ?? '';
        expect(text, `${language} ${entry.key}`).not.toBe('');
        expect(text).not.toMatch(LEAKS);
        const filled = text.replace(/\{\{\s*\w+\s*\}\}/g, '42');
        expect(
          catalogueMessages(entry.code, language).some((p) => p.test(filled)),
          `${language} ${entry.key}`,
        ).toBe(true);
      }
      for (const text of Object.values(resources[language].validation as Record<string, string>))
        expect(text).not.toMatch(LEAKS);
    }
  });

  test('accepts a refusal in the catalogue text of the language asked for', () => {
    expect(
      checkAnswer(undefined, envelope(400, 'Please check your input'), refused, 'en', 'ok').code,
    ).toBe(400);
    expect(
      checkAnswer(
        undefined,
        envelope(
          400,
          (resources['zh-CN'].validation as Record<string, string>).invalid_email ?? '',
        ),
        refused,
        'zh-CN',
        'ok',
      ).code,
    ).toBe(400);
  });

  test('rejects the wrong language, a foreign body, a 5xx, a success that must be refused, a leak', () => {
    expect(() =>
      checkAnswer(undefined, envelope(400, 'Please check your input'), refused, 'zh-CN', 'x'),
    ).toThrow(/catalogue/);
    expect(() =>
      checkAnswer(
        undefined,
        {
          status: 400,
          headers: { 'content-type': 'application/json' },
          body: '{"error":"Bad Request","message":"Client Error","statusCode":400}',
        },
        refused,
        'en',
        'x',
      ),
    ).toThrow(/envelope keys/);
    expect(() =>
      checkAnswer(
        undefined,
        envelope(500, 'Something went wrong on our side. Please try again later.', 500),
        refused,
        'en',
        'x',
      ),
    ).toThrow(/HTTP 500/);
    expect(() =>
      checkAnswer(
        'systemPublicKeys',
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: 200, msg: 'Done.', status: 'OK', data: { keys: {} } }),
        },
        refused,
        'en',
        'x',
      ),
    ).toThrow(/must be refused/);
    expect(() =>
      checkAnswer(
        undefined,
        envelope(401, 'Please log in to continue.', 401),
        { ...refused, codes: [400] },
        'en',
        'x',
      ),
    ).toThrow(/answered 401/);
    expect(() =>
      checkAnswer(
        undefined,
        {
          ...envelope(400, 'Please check your input'),
          body: JSON.stringify({
            code: 400,
            msg: 'Please check your input',
            status: 'BadRequest',
            data: 'at f (/work/main/apps/api/src/x.ts:1:2)',
          }),
        },
        refused,
        'en',
        'x',
      ),
    ).toThrow(/data/);
  });
});
