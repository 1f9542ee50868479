// @vitest-environment jsdom
import { afterEach, describe, expect, test } from 'vitest';
import {
  applyDocumentLanguage,
  detectBrowserLanguage,
  detectLanguage,
  languageFromBrowserLanguages,
  persistLanguage,
  readStoredLanguage,
  type LanguageStorage,
} from './detect.ts';

afterEach(() => {
  localStorage.clear();
  document.cookie = 'language=; Path=/; Max-Age=0';
});

describe('detectLanguage (spec section 1)', () => {
  test.each([
    {
      case: 'nothing known: Chinese',
      stored: undefined,
      navigatorLanguages: undefined,
      expected: 'zh-CN',
    },
    {
      case: 'no browser languages: Chinese',
      stored: null,
      navigatorLanguages: [],
      expected: 'zh-CN',
    },
    { case: 'English browser', stored: null, navigatorLanguages: ['en-US'], expected: 'en' },
    { case: 'English in any case', stored: null, navigatorLanguages: ['EN-gb'], expected: 'en' },
    { case: 'bare "en"', stored: null, navigatorLanguages: ['en'], expected: 'en' },
    {
      case: 'English anywhere in the list',
      stored: null,
      navigatorLanguages: ['zh-CN', 'zh', 'en'],
      expected: 'en',
    },
    {
      case: 'Chinese browser',
      stored: null,
      navigatorLanguages: ['zh-CN', 'zh'],
      expected: 'zh-CN',
    },
    {
      case: 'Traditional Chinese browser',
      stored: null,
      navigatorLanguages: ['zh-TW'],
      expected: 'zh-CN',
    },
    {
      case: 'another language without English: Chinese',
      stored: null,
      navigatorLanguages: ['ja-JP', 'fr-FR'],
      expected: 'zh-CN',
    },
    {
      case: 'stored zh-CN wins over an English browser',
      stored: 'zh-CN',
      navigatorLanguages: ['en-US'],
      expected: 'zh-CN',
    },
    {
      case: 'stored en wins over a Chinese browser',
      stored: 'en',
      navigatorLanguages: ['zh-CN'],
      expected: 'en',
    },
    {
      case: 'stored en with no browser languages',
      stored: 'en',
      navigatorLanguages: [],
      expected: 'en',
    },
    {
      case: 'an unknown stored value is ignored',
      stored: 'fr',
      navigatorLanguages: ['en-US'],
      expected: 'en',
    },
    {
      case: 'a stored value in the header form is ignored',
      stored: 'zh_CN',
      navigatorLanguages: ['en-US'],
      expected: 'en',
    },
    {
      case: 'an empty stored value is ignored',
      stored: '',
      navigatorLanguages: ['zh-CN'],
      expected: 'zh-CN',
    },
  ])('$case', ({ stored, navigatorLanguages, expected }) => {
    expect(detectLanguage({ stored, navigatorLanguages })).toBe(expected);
  });

  test('without arguments the fallback is Chinese', () => {
    expect(detectLanguage()).toBe('zh-CN');
    expect(languageFromBrowserLanguages([])).toBe('zh-CN');
  });
});

describe('in the browser', () => {
  test('a stored choice is read from localStorage "language"', () => {
    localStorage.setItem('language', 'en');
    expect(readStoredLanguage()).toBe('en');
    localStorage.setItem('language', 'de');
    expect(readStoredLanguage()).toBeUndefined();
  });

  test('detectBrowserLanguage combines storage and navigator languages', () => {
    expect(detectBrowserLanguage({ navigator: { languages: ['en-US'] } })).toBe('en');
    expect(detectBrowserLanguage({ navigator: { languages: [], language: 'en-AU' } })).toBe('en');
    expect(detectBrowserLanguage({ navigator: { languages: ['zh-CN'] } })).toBe('zh-CN');
    localStorage.setItem('language', 'zh-CN');
    expect(detectBrowserLanguage({ navigator: { languages: ['en-US'] } })).toBe('zh-CN');
  });

  test('persistLanguage keeps the choice in localStorage and in a cookie the server can read', () => {
    persistLanguage('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.cookie).toContain('language=en');
    expect(detectBrowserLanguage({ navigator: { languages: ['zh-CN'] } })).toBe('en');

    persistLanguage('zh-CN');
    expect(localStorage.getItem('language')).toBe('zh-CN');
    expect(document.cookie).toContain('language=zh-CN');
  });

  test('storage that refuses access neither throws nor invents a choice', () => {
    const broken: LanguageStorage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readStoredLanguage(broken)).toBeUndefined();
    expect(() => persistLanguage('en', { storage: broken })).not.toThrow();
    expect(document.cookie).toContain('language=en');
    expect(detectBrowserLanguage({ storage: broken, navigator: { languages: ['zh-CN'] } })).toBe(
      'zh-CN',
    );
  });

  test('applyDocumentLanguage sets <html lang>', () => {
    applyDocumentLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    applyDocumentLanguage('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
