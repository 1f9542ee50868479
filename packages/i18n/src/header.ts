import { LANGUAGE_STORAGE_KEY } from '@nimbus/domain/constants';
import { Language, LanguageHeader } from '@nimbus/domain/enums';
import { languageFromBrowserLanguages } from './detect.ts';
import { DEFAULT_LANGUAGE, isLanguage } from './languages.ts';

/** The value of the `language` request header for a UI language: 'en' or 'zh_CN'. */
export function languageToHeader(language: Language): LanguageHeader {
  return LanguageHeader[language];
}

/** Reads a `language` header value; tolerant of case and of the 'zh-CN' spelling. */
export function parseLanguageHeader(value: string | null | undefined): Language | undefined {
  const normalised = value?.trim().toLowerCase().replace('-', '_');
  if (normalised === 'en') return Language.EN;
  if (normalised === 'zh_cn') return Language.ZH_CN;
  return undefined;
}

/**
 * The UI language of a `language` header: 'zh_CN' -> 'zh-CN', 'en' -> 'en', anything else Chinese.
 */
export function languageFromHeader(value: string | null | undefined): Language {
  return parseLanguageHeader(value) ?? DEFAULT_LANGUAGE;
}

/**
 * The language tags of an Accept-Language header that the client accepts (q > 0), most preferred
 * first.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The spec's browser rule applied to Accept-Language, which browsers build from the same list
 * as navigator.languages; a pre-rendered page therefore matches what the app then detects.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  return languageFromBrowserLanguages(parseAcceptLanguage(header));
}

/**
 * The 'language' cookie of a Cookie header (written by persistLanguage), if it holds a language.
 */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq === -1 || pair.slice(0, eq).trim() !== LANGUAGE_STORAGE_KEY) continue;
    let value = pair.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      continue;
    }
    if (isLanguage(value)) return value;
  }
  return undefined;
}

/** What the server knows of a request's language. Header names are the lower-case Node ones. */
export interface RequestLanguageInput {
  /** The `language` header the apps send with every API call. */
  language?: string | null;
  /** The Cookie header (the user's stored choice, mirrored by persistLanguage). */
  cookie?: string | null;
  /** The Accept-Language header (the browser's languages). */
  acceptLanguage?: string | null;
}

/**
 * The language to answer a request in: the explicit `language` header, else the user's stored
 * choice from the cookie, else the browser rule on Accept-Language (Chinese when none says
 * English).
 */
export function languageFromRequest({
  language,
  cookie,
  acceptLanguage,
}: RequestLanguageInput): Language {
  return (
    parseLanguageHeader(language) ??
    languageFromCookie(cookie) ??
    languageFromAcceptLanguage(acceptLanguage)
  );
}
