import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { validatorFor } from '../../src/http/validator.ts';

/**
 * fast-check arbitraries derived from the contract's TypeBox schemas by walking their JSON
 * Schema keywords (type, properties/required/additionalProperties, minLength/maxLength/pattern/
 * format, minimum/maximum, enum/const, anyOf/oneOf, items). `validValue` gives values the schema
 * accepts (random content, right shape); `malformedValue` gives values it refuses (each one is
 * checked against the compiled validator, so "malformed" is never a guess).
 */

type Json = Record<string, unknown>;
const asJson = (schema: unknown) => schema as Json;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Characters that have broken parsers, databases and log lines before. */
export const NASTY_CHARS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u200b',
  '\u200e',
  '\u202e',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '\ud800',
  '\udfff',
  '😀',
  '👨‍👩‍👧',
  '𝕏',
  '中',
  '文',
  'ß',
  'İ',
  'é',
  '\u0301',
  '"',
  "'",
  '`',
  '\\',
  '/',
  '%',
  '$',
  '{',
  '}',
  '<',
  '>',
  '&',
  ';',
  '#',
];
/** Whole strings that mean something to some layer (SQL, templates, paths, numbers). */
export const NASTY_STRINGS = [
  '',
  ' ',
  '  ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x10',
  'true',
  'false',
  '[]',
  '{}',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '\\',
  '%00',
  '%s%s%s%n',
  '{{count}}',
  '{{__proto__}}',
  '${process.exit()}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'file:///etc/passwd',
  '\u0000admin',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'admin@example.com',
  '+8613800138000',
  'user_abcdef',
  '123456',
  'G123',
  '1',
  '2',
  '7',
];

/** Any string: ASCII, Unicode, raw code units (lone surrogates), the nasty characters and words. */
export function anyString(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    {
      weight: 2,
      arbitrary: fc
        .array(fc.constantFrom(...NASTY_CHARS), { maxLength: Math.min(maxLength, 12) })
        .map((cs) => cs.join('')),
    },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  );
}

const codePoints = (s: string) => [...s];

/** Pads or cuts a string to [min, max] code points (the way TypeBox counts length). */
function fitLength(s: string, min: number, max: number): string {
  let cps = codePoints(s);
  if (cps.length > max) cps = cps.slice(0, max);
  while (cps.length < min) cps.push(cps.length % 2 === 0 ? 'a' : '中');
  return cps.join('');
}

function validString(schema: Json): fc.Arbitrary<string> {
  const min = num(schema.minLength) ?? 0;
  // Without maxLength any length is valid: plain strings are generated up to 64 code points.
  const max =
    num(schema.maxLength) ??
    (typeof schema.pattern === 'string' ? Number.POSITIVE_INFINITY : Math.max(min, 64));
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern);
    const fits = (s: string) => codePoints(s).length >= min && codePoints(s).length <= max;
    // Matches joined together still match a repeated pattern (^[A-Za-z0-9_-]+$) and reach its
    // minimum length; a fixed-length pattern keeps the first match.
    return fc
      .array(fc.stringMatching(re, { size: 'medium' }), { minLength: 1, maxLength: 24 })
      .map((parts) => {
        const joined = parts.join('');
        return fits(joined) && re.test(joined) ? joined : (parts.find((p) => fits(p)) ?? joined);
      })
      .filter((s) => fits(s) && re.test(s));
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress().filter((s) => s.length <= max && s.length >= min);
    case 'uri':
      return fc.webUrl().filter((s) => s.length <= max && s.length >= min);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    default:
      break;
  }
  return fc.oneof(
    { weight: 4, arbitrary: anyString(Math.min(max, 80)).map((s) => fitLength(s, min, max)) },
    // The edges of the allowed length.
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(min, max)
        .chain((n) => fc.constantFrom('x', '中', '😀').map((c) => c.repeat(n))),
    },
  );
}

const INT32_MAX = 2 ** 31 - 1;

function validNumber(schema: Json, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  const min =
    num(schema.minimum) ??
    (exclusiveMin !== undefined ? exclusiveMin + (integer ? 1 : Number.EPSILON) : undefined);
  const max =
    num(schema.maximum) ??
    (exclusiveMax !== undefined ? exclusiveMax - (integer ? 1 : Number.EPSILON) : undefined);
  if (integer) {
    const lo = min ?? -INT32_MAX;
    const hi = max ?? INT32_MAX;
    const edges = [lo, hi, lo + 1, hi - 1].filter(
      (n) => n >= lo && n <= hi && Number.isSafeInteger(n),
    );
    return fc.oneof(
      {
        weight: 4,
        arbitrary: fc.integer({ min: Math.max(lo, -INT32_MAX), max: Math.min(hi, INT32_MAX) }),
      },
      { weight: 1, arbitrary: fc.constantFrom(...edges) },
      // Large values within the range (ids, page numbers far past the end).
      ...(hi > INT32_MAX
        ? [{ weight: 1, arbitrary: fc.maxSafeNat().filter((n) => n >= lo && n <= hi) }]
        : []),
      // A field the contract left unbounded takes any JSON number (1e308 as a page answered 500).
      ...unboundedExtremes(min, max),
    );
  }
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.double({
        min: min ?? -1e12,
        max: max ?? 1e12,
        noNaN: true,
        noDefaultInfinity: true,
      }),
    },
    ...unboundedExtremes(min, max),
  );
}

/** 2^53, 1e308 and their negatives where the schema allows them (it has no bound that side). */
function unboundedExtremes(min: number | undefined, max: number | undefined) {
  const values = [
    ...(max === undefined ? [2 ** 53, 1e308] : []),
    ...(min === undefined ? [-(2 ** 53), -1e308] : []),
  ];
  return values.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...values) }] : [];
}

/** Values `schema` accepts, with random content. */
export function validValue(schemaIn: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = asJson(schemaIn);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives))
    return fc.oneof(...alternatives.map((s) => validValue(s, depth + 1)));
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        model[key] = validValue(value, depth + 1);
      return fc.record(model, { requiredKeys: required });
    }
    case 'array': {
      const items =
        schema.items === undefined
          ? fc.jsonValue({ maxDepth: 1 })
          : validValue(schema.items, depth + 1);
      return fc.array(items, {
        minLength: num(schema.minItems) ?? 0,
        maxLength: Math.min(num(schema.maxItems) ?? 5, 5),
      });
    }
    case 'string':
      return validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A nested value `depth` levels deep (arrays or objects), for stack-depth checks. */
export function nested(depth: number, kind: 'array' | 'object', leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Values of the wrong JSON type (or shape) for anything: the first thing a fuzzer tries. */
export function wrongTypeValue(maxString = 40): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1,
      1.5,
      -0.5,
      1e308,
      -1e308,
      2 ** 53 + 2,
      '',
      '1',
      'true',
      'null',
      [],
      [null],
      {},
      { '': null },
    ),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    anyString(maxString),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
    fc.dictionary(anyString(12), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
    fc.integer({ min: 10, max: 200 }).map((d) => nested(d, 'array')),
    fc.integer({ min: 10, max: 200 }).map((d) => nested(d, 'object')),
  );
}

/**
 * Keys that poison prototypes. Built with JSON.parse so that `__proto__` is an own property
 * (an object literal would set the prototype instead) and survives JSON.stringify.
 */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
export function withOwnKey(
  target: Record<string, unknown>,
  key: string,
  value: unknown,
): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(target)) as Record<string, unknown>;
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}
const pollutionValue = fc.constantFrom<unknown>(
  { isAdmin: true },
  { prototype: { isAdmin: true } },
  { toString: 1 },
  null,
  'x',
  [1],
);

function malformedString(schema: Json, maxString: number): fc.Arbitrary<unknown>[] {
  const min = num(schema.minLength);
  const max = num(schema.maxLength);
  const options: fc.Arbitrary<unknown>[] = [];
  if (max !== undefined && max + 1 <= maxString) {
    // Just over the limit, and far over it, in ASCII, CJK, emoji or control characters.
    options.push(
      fc
        .tuple(
          fc.integer({ min: max + 1, max: Math.min(maxString, max * 4 + 8) }),
          fc.constantFrom('x', '中', '😀', '\u0000', '\u202e'),
        )
        .map(([n, c]) => c.repeat(n)),
    );
  }
  if (min !== undefined && min > 0) {
    options.push(
      fc
        .integer({ min: 0, max: min - 1 })
        .chain((n) => fc.string({ unit: 'grapheme', minLength: n, maxLength: n })),
    );
  }
  if (typeof schema.pattern === 'string') {
    const re = new RegExp(schema.pattern);
    options.push(anyString(Math.min(maxString, 80)).filter((s) => !re.test(s)));
    // Almost right: a valid value with one character changed, added or removed.
    options.push(
      fc
        .tuple(
          fc.stringMatching(re),
          fc.nat(),
          fc.constantFrom('', 'g', ' ', '\u0000', '中', '-', '0'),
        )
        .map(([s, i, c]) =>
          s.length === 0 ? c : s.slice(0, i % s.length) + c + s.slice((i % s.length) + 1),
        ),
    );
  }
  if (schema.format === 'email')
    options.push(fc.constantFrom('a', 'a@', '@b', 'a@b@c', 'a b@c.d', 'a@b..c'));
  return options;
}

function malformedNumber(schema: Json, integer: boolean): fc.Arbitrary<unknown>[] {
  const min = num(schema.minimum);
  const max = num(schema.maximum);
  const options: fc.Arbitrary<unknown>[] = [];
  if (min !== undefined)
    options.push(
      fc.oneof(
        fc.constantFrom(min - 1, min - 0.5, -1, -(2 ** 53), -1e308),
        fc.integer({ min: -INT32_MAX, max: Math.max(-INT32_MAX, min - 1) }),
      ),
    );
  if (max !== undefined)
    options.push(
      fc.oneof(
        fc.constantFrom(max + 1, max + 0.5, 2 ** 53, 1e308),
        fc.integer({ min: Math.min(INT32_MAX, max + 1), max: INT32_MAX }),
      ),
    );
  if (integer)
    options.push(
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
    );
  // A number written as a string: TypeBox does not coerce.
  options.push(validNumber(schema, integer).map(String));
  return options;
}

function malformedEnum(values: unknown[]): fc.Arbitrary<unknown>[] {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const options: fc.Arbitrary<unknown>[] = [];
  if (strings.length > 0) {
    options.push(
      fc
        .constantFrom(...strings)
        .chain((s) =>
          fc.constantFrom(
            s.toUpperCase(),
            ` ${s}`,
            `${s} `,
            `${s}\u0000`,
            s.slice(1),
            `${s}s`,
            s.replace(/_/g, '-'),
            [s],
          ),
        ),
    );
    options.push(anyString(20));
  }
  if (numbers.length > 0) {
    const lo = Math.min(...numbers);
    const hi = Math.max(...numbers);
    options.push(
      fc.constantFrom(lo - 1, hi + 1, lo + 0.5, -1, 99, 2 ** 31, String(lo), String(hi)),
    );
  }
  return options;
}

function malformedObject(schema: Json, depth: number, maxString: number): fc.Arbitrary<unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  const valid = validValue(schema, depth) as fc.Arbitrary<Record<string, unknown>>;
  const options: fc.Arbitrary<unknown>[] = [];
  if (required.length > 0) {
    // A required field missing (or set to null / undefined-as-absent).
    options.push(
      fc.tuple(valid, fc.constantFrom(...required), fc.boolean()).map(([v, key, asNull]) => {
        const copy = { ...v };
        if (asNull) copy[key] = null;
        else delete copy[key];
        return copy;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    // An unknown field, a near-miss of a known one, or a prototype-polluting key.
    const names = Object.keys(properties);
    const extraName = fc.oneof(
      anyString(20).filter(
        (k) => !names.includes(k) && !(POLLUTION_KEYS as readonly string[]).includes(k),
      ),
      ...(names.length > 0
        ? [
            fc.constantFrom(...names).map((k) => `${k.toUpperCase()}_`),
            fc.constantFrom(...names).map((k) => ` ${k}`),
          ]
        : []),
      fc.constantFrom(
        'isAdmin',
        'userId',
        'role',
        'price',
        'priceMinor',
        'amount',
        'status',
        'id',
        'nonce',
        'timestamp',
      ),
    );
    options.push(
      fc
        .tuple(valid, extraName, fc.jsonValue({ maxDepth: 2 }))
        .map(([v, key, value]) => withOwnKey(v, key, value)),
    );
    options.push(
      fc
        .tuple(valid, fc.constantFrom(...POLLUTION_KEYS), pollutionValue)
        .map(([v, key, value]) => withOwnKey(v, key, value)),
    );
  }
  const names = Object.keys(properties);
  if (names.length > 0 && depth < 4) {
    // One field valid in shape everywhere but wrong in itself.
    options.push(
      fc
        .constantFrom(...names)
        .chain((key) =>
          fc
            .tuple(valid, malformedValue(properties[key], { depth: depth + 1, maxString }))
            .map(([v, bad]) => withOwnKey(v, key, bad)),
        ),
    );
  }
  return options;
}

export interface MalformedOptions {
  depth?: number;
  /** Longest string to generate (signed payloads must fit in one RSA block). */
  maxString?: number;
}

/** Values `schema` refuses: wrong types, missing and extra fields, out-of-range, bad patterns. */
export function malformedValue(
  schemaIn: unknown,
  options: MalformedOptions = {},
): fc.Arbitrary<unknown> {
  const schema = asJson(schemaIn);
  const depth = options.depth ?? 0;
  const maxString = options.maxString ?? 70_000;
  const specific: fc.Arbitrary<unknown>[] = [];
  if ('const' in schema) specific.push(...malformedEnum([schema.const]));
  else if (Array.isArray(schema.enum)) specific.push(...malformedEnum(schema.enum as unknown[]));
  else if (schema.type === 'object') specific.push(...malformedObject(schema, depth, maxString));
  else if (schema.type === 'string') specific.push(...malformedString(schema, maxString));
  else if (schema.type === 'integer') specific.push(...malformedNumber(schema, true));
  else if (schema.type === 'number') specific.push(...malformedNumber(schema, false));
  else if (schema.type === 'array' && schema.items !== undefined) {
    specific.push(
      fc.array(malformedValue(schema.items, { ...options, depth: depth + 1 }), {
        minLength: 1,
        maxLength: 3,
      }),
    );
  }
  const validator = validatorFor(schemaIn as TSchema);
  const arbitraries = [
    { weight: 1, arbitrary: wrongTypeValue(Math.min(maxString, 40)) },
    ...specific.map((arbitrary) => ({ weight: 2, arbitrary })),
  ];
  return fc.oneof(...arbitraries).filter((value) => !validator.Check(value));
}
