import {
  errorEntryByCode,
  ErrorCode,
  schemas,
  SUCCESS_CODE,
  type EndpointName,
} from '@nimbus/api-sdk/contract';
import { resources, type Language } from '@nimbus/i18n/server';
import type { TSchema } from 'typebox';
import { expect } from 'vitest';
import { validatorFor } from '../../src/http/validator.ts';

/**
 * What every answer of the API must be, whatever was sent: an HTTP status below 500, the JSON
 * envelope `{ code, msg, status, data }` and nothing else, a code of the contract's catalogue
 * whose HTTP status and name match, and a `msg` that is the catalogue's text for that code in the
 * language the request asked for. A success's data is checked against the endpoint's response
 * schema; a refusal's data is null and the body shows no stack, SQL or file path.
 */

/**
 * The documented language rule: `language: en` (any case, spaces around) is English, anything else
 * Chinese.
 */
export function expectedLanguage(header: string | undefined): Language {
  return header?.trim().toLowerCase() === 'en' ? 'en' : 'zh-CN';
}

type Catalogue = Record<string, string>;
const namespace = (language: Language, ns: string): Catalogue =>
  (resources[language] as unknown as Record<string, Catalogue>)[ns] ?? {};

/**
 * Messages the server may use for a code besides `errors:<key>`: domain validation failures
 * carry their `validation:<code>` text (apps/api README, "Errors"), and NO_BENEFITS says when
 * the benefits expired. A message from anywhere else fails the fuzz run.
 */
const EXTRA_MESSAGES: Partial<Record<number, (language: Language) => string[]>> = {
  [ErrorCode.VALIDATION_FAILED.code]: (language) =>
    Object.values(namespace(language, 'validation')),
  [ErrorCode.NO_BENEFITS.code]: (language) => [namespace(language, 'benefits').expired ?? ''],
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A catalogue text as a pattern: each {{placeholder}} matches any value. */
const templatePattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{\{\s*[\w.-]+\s*\}\}/)
      .map(escapeRegExp)
      .join('[^]+?')}$`,
  );

const patternCache = new Map<string, RegExp[]>();
export function catalogueMessages(code: number, language: Language): RegExp[] {
  const cacheKey = `${language}:${code}`;
  let patterns = patternCache.get(cacheKey);
  if (!patterns) {
    const entry = errorEntryByCode(code);
    const texts = entry
      ? [namespace(language, 'errors')[entry.key], ...(EXTRA_MESSAGES[code]?.(language) ?? [])]
      : [];
    patterns = texts
      .filter((t): t is string => typeof t === 'string' && t !== '')
      .map(templatePattern);
    patternCache.set(cacheKey, patterns);
  }
  return patterns;
}

/** Things a refusal must never show: stack frames, file paths, SQL and driver errors. */
export const LEAKS =
  /(\bat\s+[\w.<>]+\s+\(|node:internal|node_modules|\/work\/|\/home\/|\/tmp\/|[A-Za-z]:\\|\.[cm]?[jt]s:\d+|\bselect\b.+\bfrom\b|\binsert\s+into\b|\bupdate\b.+\bset\b|sqlite|postgres|pg_|syntax error|constraint|TypeError|RangeError|ReferenceError|SyntaxError|Error:|undefined|\[object Object\]|FST_)/i;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

export interface Expectation {
  /** The request must be refused (it is malformed or unauthenticated). */
  refused: boolean;
  /** When refused: the codes the documented order of checks allows. */
  codes?: readonly number[];
  /** Why (shown when the check fails). */
  reason: string;
}

export interface Envelope {
  code: number;
  msg: string;
  status: string;
  data: unknown;
}

/**
 * Checks one answer. `language` is what the request asked for (or the default when the
 * server could not read the request's headers). Returns the envelope for statistics.
 */
export function checkAnswer(
  endpoint: EndpointName | undefined,
  answer: Answer,
  expectation: Expectation,
  language: Language,
  label: string,
): Envelope {
  const where = `${label} (${expectation.reason})`;
  expect(
    answer.status,
    `${where}: HTTP ${answer.status}: ${answer.body.slice(0, 300)}`,
  ).toBeLessThan(500);
  expect(String(answer.headers['content-type']), `${where}: content type`).toMatch(
    /^application\/json/,
  );
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${answer.body.slice(0, 300)}`);
  }
  expect(
    body !== null && typeof body === 'object' && !Array.isArray(body),
    `${where}: not an object`,
  ).toBe(true);
  const envelope = body as Envelope;
  expect(Object.keys(envelope).sort(), `${where}: envelope keys`).toEqual([
    'code',
    'data',
    'msg',
    'status',
  ]);
  expect(typeof envelope.code, `${where}: code`).toBe('number');
  expect(typeof envelope.msg, `${where}: msg`).toBe('string');
  const entry = errorEntryByCode(envelope.code);
  expect(entry, `${where}: code ${envelope.code} is not in the catalogue`).toBeDefined();
  if (!entry) return envelope;
  expect(envelope.status, `${where}: status name of ${envelope.code}`).toBe(entry.status);
  if (answer.status !== 431)
    expect(answer.status, `${where}: HTTP status of code ${envelope.code}`).toBe(entry.http);

  if (expectation.refused) {
    expect(
      envelope.code,
      `${where}: must be refused, answered ${answer.body.slice(0, 300)}`,
    ).not.toBe(SUCCESS_CODE);
    if (expectation.codes)
      expect(expectation.codes, `${where}: answered ${envelope.code} ${envelope.msg}`).toContain(
        envelope.code,
      );
  }
  expect(envelope.msg.length, `${where}: empty msg`).toBeGreaterThan(0);
  const patterns = catalogueMessages(envelope.code, language);
  expect(
    patterns.some((p) => p.test(envelope.msg)),
    `${where}: msg ${JSON.stringify(envelope.msg)} is not the ${language} catalogue text of ${entry.key}`,
  ).toBe(true);

  if (envelope.code === SUCCESS_CODE) {
    expect(endpoint, `${where}: success outside an endpoint`).toBeDefined();
    if (endpoint) {
      const validator = validatorFor(schemas[endpoint].response as TSchema);
      expect(
        validator.Check(envelope.data),
        `${where}: data outside the contract: ${JSON.stringify([...validator.Errors(envelope.data)].slice(0, 3))}`,
      ).toBe(true);
    }
  } else {
    expect(envelope.data, `${where}: a refusal carries data`).toBeNull();
    expect(answer.body, `${where}: the refusal leaks internals`).not.toMatch(LEAKS);
  }
  return envelope;
}
