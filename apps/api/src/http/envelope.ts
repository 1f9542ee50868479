import { ErrorCode, type Envelope, type ErrorCodeEntry } from '@nimbus/api-sdk/contract';
import { Language } from '@nimbus/domain';
import {
  errorMessage,
  languageFromHeader,
  parseLanguageHeader,
  translate,
  type TranslationKey,
} from '@nimbus/i18n/server';
import type { FastifyRequest } from 'fastify';
import type { MessageVars } from '../errors/refusal.ts';

/**
 * Paths that machines call (node software, payment providers' webhooks, Telegram, health and
 * readiness probes, the metrics scraper): they send no language, and are answered in English
 * unless they ask for another (issue #31: a node's log read "令牌无效").
 */
const MACHINE_PATHS = [
  /^\/api\/v1\/server\/uniproxy\//i,
  /^\/v4(\/test)?\/(health|ready)(\?|$)/,
  /^\/v4(\/test)?\/payment\/webhook\//,
  /^\/metrics(\?|$)/,
  /^\/telegram\/webhook(\?|$)/,
];

export const machineFacing = (url: string): boolean => MACHINE_PATHS.some((p) => p.test(url));

/**
 * The language of an API answer: the `language` header (en | zh_CN); when it is absent or
 * unknown, Chinese for people (spec section 1) and English for machines (MACHINE_PATHS).
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  const value = Array.isArray(header) ? header[0] : header;
  if (parseLanguageHeader(value) === undefined && machineFacing(request.url)) return Language.EN;
  return languageFromHeader(value);
}

const okMessages = new Map<Language, string>();

export function success<T>(language: Language, data: T): Envelope<T> {
  let msg = okMessages.get(language);
  if (msg === undefined) {
    msg = errorMessage(language, ErrorCode.OK.key);
    okMessages.set(language, msg);
  }
  return { code: ErrorCode.OK.code, msg, status: ErrorCode.OK.status, data };
}

export function failure(
  language: Language,
  entry: ErrorCodeEntry,
  options: { vars?: MessageVars | undefined; message?: string | undefined } = {},
): Envelope<null> {
  const msg = options.message
    ? translate(language, options.message as TranslationKey, options.vars ?? {})
    : errorMessage(language, entry.key, options.vars ?? {});
  return { code: entry.code, msg, status: entry.status, data: null };
}
