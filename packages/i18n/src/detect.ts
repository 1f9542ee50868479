import { LANGUAGE_STORAGE_KEY } from '@nimbus/domain/constants';
import { Language } from '@nimbus/domain/enums';
import { DEFAULT_LANGUAGE, isLanguage } from './languages.ts';

/**
 * The language rule of spec section 1: a language the user chose (kept in local storage under
 * 'language') wins; otherwise English when a browser language contains "en"; otherwise Chinese.
 */
export interface DetectLanguageInput {
  /** The value stored under 'language', if any; anything but 'zh-CN' or 'en' is ignored. */
  stored?: string | null;
  /**
   * navigator.languages (or [navigator.language]) in the browser, Accept-Language on the server.
   */
  navigatorLanguages?: readonly string[] | null;
}

export function detectLanguage({ stored, navigatorLanguages }: DetectLanguageInput = {}): Language {
  if (isLanguage(stored)) return stored;
  return languageFromBrowserLanguages(navigatorLanguages ?? []);
}

/** English when any of the browser's languages contains "en" (any case), otherwise Chinese. */
export function languageFromBrowserLanguages(languages: readonly string[]): Language {
  return languages.some((tag) => tag.toLowerCase().includes('en')) ? Language.EN : DEFAULT_LANGUAGE;
}

/** The part of the Web Storage API we use, so tests and private-mode failures can be handled. */
export interface LanguageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Where the browser keeps things; every member optional so the functions also run on a server. */
export interface BrowserEnvironment {
  storage?: LanguageStorage | null;
  document?: { cookie: string; documentElement?: { lang: string } } | null;
  navigator?: { languages?: readonly string[]; language?: string } | null;
}

/**
 * The browser globals as this module reads them, so it also typechecks without the DOM library (the
 * server).
 */
const globals = globalThis as {
  localStorage?: LanguageStorage;
  document?: BrowserEnvironment['document'];
  navigator?: BrowserEnvironment['navigator'];
};

function browser(): BrowserEnvironment {
  const env: BrowserEnvironment = {};
  // Reading localStorage throws where storage is blocked (sandboxed frames, some private modes).
  try {
    env.storage = globals.localStorage ?? null;
  } catch {
    env.storage = null;
  }
  env.document = globals.document ?? null;
  env.navigator = globals.navigator ?? null;
  return env;
}

/** The language the user chose earlier, or undefined. */
export function readStoredLanguage(
  storage: LanguageStorage | null | undefined = browser().storage,
): Language | undefined {
  if (!storage) return undefined;
  try {
    const value = storage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Applies the rule to this browser: stored choice, then navigator.languages, then Chinese. */
export function detectBrowserLanguage(overrides: BrowserEnvironment = {}): Language {
  const env = { ...browser(), ...overrides };
  const nav = env.navigator;
  const navigatorLanguages = nav?.languages?.length
    ? nav.languages
    : nav?.language
      ? [nav.language]
      : [];
  return detectLanguage({ stored: readStoredLanguage(env.storage), navigatorLanguages });
}

export interface PersistLanguageOptions extends BrowserEnvironment {
  /** Parent domain for the cookie (".example.com") so every subdomain app pre-renders alike. */
  cookieDomain?: string;
}

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Remembers the user's choice: in local storage under 'language' (what the apps read) and in a
 * 'language' cookie (what the server reads when it pre-renders a page). Storage failures are
 * ignored: the choice then lasts for this page only, which is the best the browser allows.
 */
export function persistLanguage(language: Language, options: PersistLanguageOptions = {}): void {
  const { storage, document, cookieDomain } = { ...browser(), ...options };
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Quota exceeded or storage disabled.
  }
  if (document) {
    const domain = cookieDomain ? `; Domain=${cookieDomain}` : '';
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${encodeURIComponent(language)}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${domain}`;
  }
}

/** Sets <html lang> so screen readers, fonts and the browser's translate offer follow the UI. */
export function applyDocumentLanguage(
  language: Language,
  document: BrowserEnvironment['document'] = browser().document,
): void {
  if (document?.documentElement) document.documentElement.lang = language;
}
