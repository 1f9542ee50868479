import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * Reads one environment value by name: trimmed, and undefined when unset or empty. env.ts hands
 * it to the parsers of each part of the configuration (they never read process.env).
 */
export type Setting = (name: string) => string | undefined;

/**
 * A whole number from `min` to `max`, or `fallback` when unset. Anything else is a problem
 * (reported with every other one when the configuration loads) and the fallback is used.
 */
export function intSetting(
  get: Setting,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = get(name);
  return raw === undefined ? fallback : (parseIntText(raw, name, min, max, problems) ?? fallback);
}

export const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000 });

// Text parsers, one per kind of value, shared by the environment and `pnpm ops settings set`:
// each returns undefined and records a problem (naming `name`) when the text is not valid.

/** Whether a value fits a schema; the first problem otherwise. */
export function schemaProblem(schema: TSchema, value: unknown): string | undefined {
  const validator = Compile(schema);
  if (validator.Check(value)) return undefined;
  const first = [...validator.Errors(value)][0];
  return first ? `${first.instancePath || '/'} ${first.message}` : 'invalid';
}

export function parseJsonText<T>(
  text: string,
  name: string,
  schema: TSchema,
  problems: string[],
): T | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    problems.push(`${name} is not valid JSON`);
    return undefined;
  }
  const problem = schemaProblem(schema, value);
  if (problem !== undefined) {
    problems.push(`${name} does not have the documented shape (${problem})`);
    return undefined;
  }
  return value as T;
}

export function parseBooleanText(
  text: string,
  name: string,
  problems: string[],
): boolean | undefined {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  problems.push(`${name} must be true or false (got "${text}")`);
  return undefined;
}

/** An instant given as UTC milliseconds or an ISO 8601 date-time with a zone. */
export function parseInstantText(
  text: string,
  name: string,
  problems: string[],
): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const ms = /\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    problems.push(
      `${name} must be UTC milliseconds or an ISO date-time with a zone (got "${text}")`,
    );
    return undefined;
  }
  return ms;
}

export function parseUrlText(text: string, name: string, problems: string[]): string | undefined {
  const problem = schemaProblem(HttpUrl, text);
  if (problem === undefined) {
    try {
      new URL(text);
      return text;
    } catch {
      // Falls through to the problem below.
    }
  }
  problems.push(`${name} must be an http(s) URL (got "${text}")`);
  return undefined;
}

export function parseIntText(
  text: string,
  name: string,
  min: number,
  max: number,
  problems: string[],
): number | undefined {
  const n = /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${text}")`);
    return undefined;
  }
  return n;
}

export function parseEmailText(text: string, name: string, problems: string[]): string | undefined {
  if (/^[^\s@]+@[^\s@]+$/.test(text) && text.length <= 254) return text;
  problems.push(`${name} must be an e-mail address (got "${text}")`);
  return undefined;
}
