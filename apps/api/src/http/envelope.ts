import { ErrorCode, type Envelope, type ErrorCodeEntry } from '@nimbus/api-sdk/contract';
import type { Language } from '@nimbus/domain';
import {
  errorMessage,
  languageFromHeader,
  translate,
  type TranslationKey,
} from '@nimbus/i18n/server';
import type { FastifyRequest } from 'fastify';
import type { MessageVars } from '../errors/refusal.ts';

/**
 * The language of an API answer: the `language` header (en | zh_CN), Chinese when it is absent
 * or unknown (spec section 1).
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers.language;
  return languageFromHeader(Array.isArray(header) ? header[0] : header);
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
