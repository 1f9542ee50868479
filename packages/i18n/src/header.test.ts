import { describe, expect, test } from 'vitest';
import {
  languageFromAcceptLanguage,
  languageFromCookie,
  languageFromHeader,
  languageFromRequest,
  languageToHeader,
  parseAcceptLanguage,
} from './header.ts';

describe('the `language` request header', () => {
  test.each([
    ['en', 'en'],
    ['zh-CN', 'zh_CN'],
  ] as const)('%s is sent as %s', (language, header) => {
    expect(languageToHeader(language)).toBe(header);
    expect(languageFromHeader(header)).toBe(language);
  });

  test.each([
    ['zh_CN', 'zh-CN'],
    ['en', 'en'],
    ['EN', 'en'],
    [' en ', 'en'],
    ['zh-CN', 'zh-CN'],
    ['zh_cn', 'zh-CN'],
    ['fr', 'zh-CN'],
    ['en_US', 'zh-CN'],
    ['', 'zh-CN'],
    [undefined, 'zh-CN'],
    [null, 'zh-CN'],
  ])('languageFromHeader(%j) is %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});

describe('Accept-Language, for pre-rendering', () => {
  test('tags are ordered by quality and q=0 means not acceptable', () => {
    expect(parseAcceptLanguage('fr;q=0.5, zh-CN, en;q=0.8, de;q=0, *;q=0.1')).toEqual([
      'zh-CN',
      'en',
      'fr',
    ]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  test.each([
    ['en-US,en;q=0.9', 'en'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'en'],
    ['ja,fr;q=0.8', 'zh-CN'],
    ['zh-CN, en;q=0', 'zh-CN'],
    ['', 'zh-CN'],
    [null, 'zh-CN'],
    ['garbage;;;', 'zh-CN'],
  ])('%j -> %s (same rule as navigator.languages)', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe('the language cookie', () => {
  test.each([
    ['language=en', 'en'],
    ['token=abc; language=zh-CN; other=1', 'zh-CN'],
    ['language=zh%2DCN', 'zh-CN'],
    ['language=fr', undefined],
    ['mylanguage=en', undefined],
    ['language=%E0%A4%A', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %s', (cookie, language) => {
    expect(languageFromCookie(cookie)).toBe(language);
  });
});

describe('languageFromRequest: header, then cookie, then Accept-Language, then Chinese', () => {
  test.each([
    [{ language: 'en', cookie: 'language=zh-CN', acceptLanguage: 'zh-CN' }, 'en'],
    [{ language: 'zh_CN', cookie: 'language=en', acceptLanguage: 'en-US' }, 'zh-CN'],
    [{ language: 'xx', cookie: 'language=en', acceptLanguage: 'zh-CN' }, 'en'],
    [{ cookie: 'language=zh-CN', acceptLanguage: 'en-US' }, 'zh-CN'],
    [{ cookie: 'language=bogus', acceptLanguage: 'en-US' }, 'en'],
    [{ acceptLanguage: 'zh-TW' }, 'zh-CN'],
    [{}, 'zh-CN'],
  ])('%j -> %s', (input, language) => {
    expect(languageFromRequest(input)).toBe(language);
  });
});
