import { constants, publicEncrypt, randomInt } from 'node:crypto';
import {
  endpoints,
  ErrorCode,
  schemas,
  SignedBodySchema,
  type EndpointName,
} from '@nimbus/api-sdk/contract';
import { NONCE_ALPHABET, NONCE_LENGTH, SIGNATURE_WINDOW_MS } from '@nimbus/domain';
import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { validatorFor } from '../../src/http/validator.ts';
import type { Expectation } from './oracle.ts';
import {
  anyString,
  malformedValue,
  nested,
  validValue,
  wrongTypeValue,
} from './schema-arbitraries.ts';

/**
 * A fuzz request as data (so fast-check can print and shrink it), and what the documented order
 * of the server's checks says about its answer:
 * content type (415) -> body size (413) -> JSON parse (400) -> body schema (400; signed: 1001)
 * -> device id (1002) -> signature (1001) -> signed payload schema (400) -> session (401) ->
 * handler.
 */

export const PLATFORMS = ['ios', 'android', 'mac', 'windows'] as const;
export type PlatformName = (typeof PLATFORMS)[number];

export type AuthHeader =
  | { kind: 'session' }
  | { kind: 'none' }
  | { kind: 'garbage'; value: string }
  /** The caller's own token with one character changed. */
  | { kind: 'mangled'; index: number };

export type DeviceHeader =
  | { kind: 'own' }
  | { kind: 'none' }
  | { kind: 'garbage'; value: string }
  /** The caller's own issued id with one character of its MAC changed. */
  | { kind: 'tampered'; index: number };

export type Seal =
  | { kind: 'good' }
  /** Sent twice: the second one must be refused as a replay. */
  | { kind: 'replay' }
  | { kind: 'garbage'; value: string }
  | { kind: 'random-block'; bytes: number }
  | { kind: 'truncate'; keep: number }
  | { kind: 'flip'; index: number }
  | { kind: 'wrong-key'; key: 'other-platform' | 'foreign' }
  | { kind: 'stale'; offsetMs: number }
  | { kind: 'bad-nonce'; nonce: unknown }
  | { kind: 'bad-timestamp'; timestamp: unknown }
  | { kind: 'omit'; field: 'nonce' | 'timestamp' }
  /** Encrypts this text as it is (not JSON, not an object, invalid UTF-8 as latin1 bytes). */
  | { kind: 'plaintext'; text: string; latin1: boolean };

export type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string; why: string }
  | { kind: 'none' }
  | { kind: 'signed'; payload: unknown; seal: Seal };

export interface FuzzRequest {
  endpoint: EndpointName;
  prefix: '/v4' | '/v4/test';
  suffix: string;
  contentType: string | null;
  language: string | undefined;
  platform: string | undefined;
  auth: AuthHeader;
  device: DeviceHeader;
  body: Body;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
] as const;
/** Content types the API refuses (only JSON is accepted). */
const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'application/javascript',
  'text/json-ish',
] as const;
const isJsonType = (contentType: string | null) =>
  contentType !== null && /^application\/json\s*(;|$)/i.test(contentType);

/**
 * Header values a client can send: tab, printable ASCII and Latin-1 (Node refuses control
 * characters).
 */
export const headerString = (maxLength = 40) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });

const base64url = (n: number) =>
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
    minLength: n,
    maxLength: n,
  });

export const languageArb = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<string | undefined>('en', 'zh_CN') },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'EN',
      ' en ',
      'En',
      'zh-CN',
      'zh_cn',
      'ZH_CN',
      'en-US',
      'en_US',
      'fr',
      'zh',
      'english',
      '',
      'en,zh_CN',
      '*',
      'en\t',
    ),
  },
  { weight: 2, arbitrary: headerString(20) },
);
const normalLanguage = fc.constantFrom<string | undefined>('en', 'zh_CN', 'en', 'zh_CN', undefined);
const platformArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<string | undefined>(...PLATFORMS, undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('IOS', ' Android ', 'linux', 'web', '', '0', 'windows; mac'),
  },
  { weight: 1, arbitrary: headerString(20) },
);
const normalPlatform = fc.constantFrom<string | undefined>(
  'windows',
  'ios',
  'android',
  'mac',
  undefined,
);

const garbageAuth: fc.Arbitrary<AuthHeader> = fc.oneof(
  headerString(60).map((value) => ({ kind: 'garbage', value }) as const),
  headerString(60).map((value) => ({ kind: 'garbage', value: `Bearer ${value}` }) as const),
  base64url(43).map((value) => ({ kind: 'garbage', value: `Bearer ${value}` }) as const),
  fc
    .constantFrom(
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'null',
      'undefined',
      'Bearer null',
      'x'.repeat(5000),
    )
    .map((value) => ({ kind: 'garbage', value }) as const),
  fc.nat().map((index) => ({ kind: 'mangled', index }) as const),
  fc.constant({ kind: 'none' } as const),
);
const garbageDevice: fc.Arbitrary<DeviceHeader> = fc.oneof(
  headerString(60).map((value) => ({ kind: 'garbage', value }) as const),
  fc
    .tuple(base64url(22), base64url(22))
    .map(([a, b]) => ({ kind: 'garbage', value: `${a}.${b}` }) as const),
  fc
    .constantFrom('.', 'a.b', '0', 'null', '../../etc', 'x'.repeat(5000))
    .map((value) => ({ kind: 'garbage', value }) as const),
  fc.nat().map((index) => ({ kind: 'tampered', index }) as const),
);

/** Percent-encoding of the UTF-8 bytes (lone surrogates become U+FFFD instead of throwing). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Path endings that do not percent-decode (or decode to U+0000): refused before routing. */
export const BAD_PATH_SUFFIXES = ['%zz', '%', '%E0%A4%A', '/%ff%fe', '%00', '%2'] as const;

const urlSuffix = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...BAD_PATH_SUFFIXES) },
  { weight: 8, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.constant('/') },
  {
    weight: 1,
    arbitrary: fc
      .tuple(anyString(10), anyString(10))
      .map(([k, v]) => `?${percentEncode(k)}=${percentEncode(v)}`),
  },
);

/** Text bodies that are not (valid) JSON, or JSON that is not an object. */
function brokenText(schema: TSchema): fc.Arbitrary<Body> {
  const valid = validValue(schema).map((v) => JSON.stringify(v));
  return fc.oneof(
    valid.chain((json) =>
      fc
        .nat({ max: Math.max(0, json.length - 1) })
        .map((n) => ({ kind: 'text', text: json.slice(0, n), why: 'truncated JSON' }) as const),
    ),
    valid.map((json) => ({ kind: 'text', text: `${json}}`, why: 'trailing garbage' }) as const),
    valid.map(
      (json) => ({ kind: 'text', text: json.replace(/"/g, "'"), why: 'single quotes' }) as const,
    ),
    anyString(200).map((text) => ({ kind: 'text', text, why: 'random text' }) as const),
    fc
      .constantFrom(
        '{',
        '}',
        '[',
        'nul',
        'NaN',
        '{"a":NaN}',
        '{"a":1,}',
        '{a:1}',
        '/* c */{}',
        '\ufeff{}',
        '{"a":"\\x41"}',
        '{"a":"\\ud800"}',
        '{"a":1e99999}',
        '"\u0000"',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"a":{"__proto__":[]}}',
        ' ',
      )
      .map((text) => ({ kind: 'text', text, why: 'malformed JSON' }) as const),
    // Deeply nested values, at the root and inside a field, within the body limit.
    fc.integer({ min: 1_000, max: 30_000 }).map(
      (depth) =>
        ({
          kind: 'text',
          text: `${'['.repeat(depth)}${']'.repeat(depth)}`,
          why: 'deep array',
        }) as const,
    ),
    fc.integer({ min: 1_000, max: 10_000 }).map(
      (depth) =>
        ({
          kind: 'text',
          text: `{"a":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`,
          why: 'deep object',
        }) as const,
    ),
    fc.integer({ min: 1_000, max: 10_000 }).map(
      (depth) =>
        ({
          kind: 'text',
          text: `{"a":${'{"__proto__":'.repeat(depth)}1${'}'.repeat(depth)}}`,
          why: 'deep proto',
        }) as const,
    ),
    // Over the 64 KiB body limit.
    fc.constantFrom('x', '中', '\\u0000').map(
      (c) =>
        ({
          kind: 'text',
          text: JSON.stringify({ a: c.repeat(70_000) }),
          why: 'huge body',
        }) as const,
    ),
  );
}

/** A malformed request body for the endpoint: schema-invalid JSON, broken JSON or no body. */
function malformedBody(name: EndpointName): fc.Arbitrary<Body> {
  const spec = endpoints[name];
  const schema = (spec.signed ? SignedBodySchema : schemas[name].request) as TSchema;
  return fc.oneof(
    {
      weight: 8,
      arbitrary: malformedValue(schema).map((value) => ({ kind: 'json', value }) as const),
    },
    { weight: 3, arbitrary: brokenText(schema) },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
    { weight: 1, arbitrary: fc.constant({ kind: 'text', text: '', why: 'empty body' } as const) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom<unknown>(null, [], [{}], 'x', 0, true)
        .map((value) => ({ kind: 'json', value }) as const),
    },
  );
}

const fitsOneBlock = (value: unknown) => Buffer.byteLength(JSON.stringify(value) ?? '') <= 120;

/**
 * Signed bodies: correctly sealed payloads (valid or malformed) and every way a seal can be wrong.
 */
function signedBody(name: EndpointName, payloadValid: boolean | 'either'): fc.Arbitrary<Body> {
  const schema = schemas[name].request as TSchema;
  const valid = validValue(schema).filter(fitsOneBlock);
  const malformed = malformedValue(schema, { maxString: 40 }).filter(fitsOneBlock);
  const payload =
    payloadValid === true ? valid : payloadValid === false ? malformed : fc.oneof(valid, malformed);
  const badSeal: fc.Arbitrary<Seal> = fc.oneof(
    headerString(80).map((value) => ({ kind: 'garbage', value }) as const),
    fc
      .constantFrom(
        '',
        '=',
        'AAAA',
        'A'.repeat(344),
        `${'A'.repeat(342)}==`,
        'not base64!',
        'x'.repeat(4096),
        'x'.repeat(5000),
      )
      .map((value) => ({ kind: 'garbage', value }) as const),
    fc
      .constantFrom(1, 16, 255, 256, 257, 512)
      .map((bytes) => ({ kind: 'random-block', bytes }) as const),
    fc.nat({ max: 343 }).map((keep) => ({ kind: 'truncate', keep }) as const),
    fc.nat({ max: 339 }).map((index) => ({ kind: 'flip', index }) as const),
    fc
      .constantFrom('other-platform', 'foreign')
      .map((key) => ({ kind: 'wrong-key', key }) as const),
    fc
      .oneof(
        fc.integer({ min: SIGNATURE_WINDOW_MS + 1_000, max: 10 * SIGNATURE_WINDOW_MS }),
        fc.integer({ min: -10 * SIGNATURE_WINDOW_MS, max: -SIGNATURE_WINDOW_MS - 1_000 }),
      )
      .map((offsetMs) => ({ kind: 'stale', offsetMs }) as const),
    fc
      .oneof(
        anyString(12).filter((n) => !new RegExp(`^[${NONCE_ALPHABET}]{${NONCE_LENGTH}}$`).test(n)),
        wrongTypeValue(12),
      )
      .filter(fitsOneBlock)
      .map((nonce) => ({ kind: 'bad-nonce', nonce }) as const),
    fc
      .constantFrom<unknown>('now', null, 1.5, -1, 0, 2 ** 60, [], {}, true)
      .map((timestamp) => ({ kind: 'bad-timestamp', timestamp }) as const),
    fc.constantFrom('nonce', 'timestamp').map((field) => ({ kind: 'omit', field }) as const),
    fc
      .oneof(fc.constantFrom('[]', '"x"', '1', 'null', 'true', '{', '{"nonce":', ''), anyString(60))
      .chain((text) =>
        fc.boolean().map((latin1) => ({ kind: 'plaintext', text, latin1 }) as const),
      ),
  );
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(payload, badSeal)
        .map(([p, seal]) => ({ kind: 'signed', payload: p, seal }) as const),
    },
    {
      weight: 2,
      arbitrary: payload.map(
        (p) => ({ kind: 'signed', payload: p, seal: { kind: 'good' } }) as const,
      ),
    },
    {
      weight: 1,
      arbitrary: payload.map(
        (p) => ({ kind: 'signed', payload: p, seal: { kind: 'replay' } }) as const,
      ),
    },
  );
}

/** Argon2id at OWASP cost makes these endpoints slow when a request reaches the password check. */
export const SLOW_ENDPOINTS: ReadonlySet<EndpointName> = new Set([
  'userRegister',
  'userLogin',
  'userDeleteAccount',
  'userResetPassword',
]);

interface RequestParts {
  body: fc.Arbitrary<Body>;
  contentType?: fc.Arbitrary<string | null>;
  language?: fc.Arbitrary<string | undefined>;
  platform?: fc.Arbitrary<string | undefined>;
  auth?: fc.Arbitrary<AuthHeader>;
  device?: fc.Arbitrary<DeviceHeader>;
}

function request(name: EndpointName, parts: RequestParts): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    endpoint: fc.constant(name),
    prefix: fc.constantFrom('/v4', '/v4/test'),
    suffix: urlSuffix,
    contentType: parts.contentType ?? fc.constantFrom<string | null>(...JSON_TYPES),
    language: parts.language ?? normalLanguage,
    platform: parts.platform ?? normalPlatform,
    auth: parts.auth ?? fc.constant({ kind: 'session' } as const),
    device:
      parts.device ??
      fc.constantFrom<DeviceHeader>({ kind: 'own' }, { kind: 'own' }, { kind: 'none' }),
    body: parts.body,
  });
}

export type Family = 'malformed-body' | 'content-type' | 'headers' | 'signature' | 'valid-shape';

/** The request arbitraries of one endpoint, by family. */
export function requestFamilies(
  name: EndpointName,
): Partial<Record<Family, fc.Arbitrary<FuzzRequest>>> {
  const spec = endpoints[name];
  const schema = schemas[name].request as TSchema;
  const validBody: fc.Arbitrary<Body> = spec.signed
    ? signedBody(name, true).map((b) => ({ ...b, seal: { kind: 'good' } }) as Body)
    : validValue(schema).map((value) => ({ kind: 'json', value }) as const);
  const families: Partial<Record<Family, fc.Arbitrary<FuzzRequest>>> = {
    'malformed-body': request(name, { body: malformedBody(name), language: languageArb }),
    'content-type': request(name, {
      body: fc.oneof(validBody, malformedBody(name)),
      contentType: fc.oneof(
        fc.constantFrom<string | null>(...WRONG_TYPES, null),
        fc
          .tuple(base64url(6), base64url(6))
          .map(([a, b]) => `${a}/${b}`)
          .filter((t) => !/json/i.test(t)),
      ),
      language: languageArb,
    }),
    headers: request(name, {
      // A slow endpoint reaches its password check only with a bad device id.
      body: SLOW_ENDPOINTS.has(name)
        ? fc.oneof(malformedBody(name), validBody)
        : fc.oneof(
            { weight: 3, arbitrary: validBody },
            { weight: 1, arbitrary: malformedBody(name) },
          ),
      language: languageArb,
      platform: platformArb,
      auth: fc.oneof(
        { weight: 1, arbitrary: fc.constant({ kind: 'session' } as const) },
        { weight: 2, arbitrary: garbageAuth },
      ),
      device: SLOW_ENDPOINTS.has(name)
        ? garbageDevice
        : fc.oneof(fc.constantFrom<DeviceHeader>({ kind: 'own' }, { kind: 'none' }), garbageDevice),
    }).filter(
      (r) =>
        !SLOW_ENDPOINTS.has(name) ||
        r.body.kind !== 'json' ||
        !validatorFor(schema).Check(r.body.value) ||
        r.device.kind !== 'own',
    ),
    'valid-shape': request(name, { body: validBody }),
  };
  if (spec.signed) {
    families.signature = request(name, {
      body: signedBody(name, 'either'),
      language: languageArb,
      platform: platformArb,
    });
  }
  return families;
}

// ---------------------------------------------------------------------------------------------
// Expectations

/** An own `__proto__` anywhere, or `constructor.prototype`: the JSON parser refuses the body. */
export function isPoisoned(root: unknown): boolean {
  // Iterative: bodies may be nested thousands of levels deep.
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (const item of value as unknown[]) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    if (Object.hasOwn(record, '__proto__')) return true;
    const ctor = Object.hasOwn(record, 'constructor') ? record.constructor : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    for (const item of Object.values(record)) stack.push(item);
  }
  return false;
}

export function signingPlatform(header: string | undefined): PlatformName {
  const v = header?.trim().toLowerCase();
  return (PLATFORMS as readonly string[]).includes(v ?? '') ? (v as PlatformName) : 'windows';
}

export interface Materialised {
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** A second identical send (replay) expected to be refused with this code. */
  replayCode?: number;
}

export interface Caller {
  token: string | undefined;
  deviceId: string | undefined;
}

export interface SealContext {
  now: number;
  publicPems: Readonly<Record<PlatformName, string>>;
  foreignPem: string;
}

export function nonce(): string {
  let n = '';
  for (let i = 0; i < NONCE_LENGTH; i++)
    n += NONCE_ALPHABET.charAt(randomInt(NONCE_ALPHABET.length));
  return n;
}

const encrypt = (pem: string, data: Buffer) =>
  publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    data,
  ).toString('base64');

function seal(
  request: FuzzRequest,
  body: Extract<Body, { kind: 'signed' }>,
  ctx: SealContext,
): string {
  const platform = signingPlatform(request.platform);
  const pem = ctx.publicPems[platform];
  const s = body.seal;
  const fields = (extra: Record<string, unknown>) => {
    const base =
      body.payload !== null && typeof body.payload === 'object' && !Array.isArray(body.payload)
        ? (body.payload as Record<string, unknown>)
        : undefined;
    // A payload that is not an object is sealed as it is (no room for nonce and timestamp).
    if (!base) return Buffer.from(JSON.stringify(body.payload) ?? 'null');
    const copy: Record<string, unknown> = JSON.parse(JSON.stringify(base)) as Record<
      string,
      unknown
    >;
    for (const [k, v] of Object.entries(extra)) copy[k] = v;
    if (s.kind === 'omit') delete copy[s.field];
    return Buffer.from(JSON.stringify(copy));
  };
  const good = () => encrypt(pem, fields({ nonce: nonce(), timestamp: ctx.now }));
  switch (s.kind) {
    case 'good':
    case 'replay':
      return good();
    case 'garbage':
      return s.value;
    case 'random-block': {
      const bytes = Buffer.alloc(s.bytes);
      for (let i = 0; i < s.bytes; i++) bytes[i] = randomInt(256);
      return bytes.toString('base64');
    }
    case 'truncate':
      return good().slice(0, s.keep);
    case 'flip': {
      const sig = good();
      const i = s.index % (sig.length - 2);
      const c = sig[i] === 'A' ? 'B' : 'A';
      return sig.slice(0, i) + c + sig.slice(i + 1);
    }
    case 'wrong-key': {
      const other =
        s.key === 'foreign'
          ? ctx.foreignPem
          : ctx.publicPems[
              PLATFORMS[(PLATFORMS.indexOf(platform) + 1) % PLATFORMS.length] ?? 'ios'
            ];
      return encrypt(other, fields({ nonce: nonce(), timestamp: ctx.now }));
    }
    case 'stale':
      return encrypt(pem, fields({ nonce: nonce(), timestamp: ctx.now + s.offsetMs }));
    case 'bad-nonce':
      return encrypt(pem, fields({ nonce: s.nonce, timestamp: ctx.now }));
    case 'bad-timestamp':
      return encrypt(pem, fields({ nonce: nonce(), timestamp: s.timestamp }));
    case 'omit':
      return encrypt(pem, fields({ nonce: nonce(), timestamp: ctx.now }));
    case 'plaintext':
      return encrypt(pem, Buffer.from(s.text, s.latin1 ? 'latin1' : 'utf8').subarray(0, 190));
  }
}

/** The headers and bytes of a request for a caller (its session token and issued device id). */
export function materialise(request: FuzzRequest, caller: Caller, ctx: SealContext): Materialised {
  const headers: Record<string, string> = {};
  if (request.contentType !== null) headers['content-type'] = request.contentType;
  if (request.language !== undefined) headers.language = request.language;
  if (request.platform !== undefined) headers.platform = request.platform;
  const a = request.auth;
  if (a.kind === 'session' && caller.token) headers.authorization = caller.token;
  if (a.kind === 'garbage') headers.authorization = a.value;
  if (a.kind === 'mangled' && caller.token) {
    const i = a.index % caller.token.length;
    headers.authorization =
      caller.token.slice(0, i) + (caller.token[i] === 'A' ? 'B' : 'A') + caller.token.slice(i + 1);
  }
  const d = request.device;
  if (d.kind === 'own' && caller.deviceId) headers.deviceid = caller.deviceId;
  if (d.kind === 'garbage') headers.deviceid = d.value;
  if (d.kind === 'tampered' && caller.deviceId) {
    const id = caller.deviceId;
    const i = id.indexOf('.') + 1 + (d.index % (id.length - id.indexOf('.') - 1));
    headers.deviceid = id.slice(0, i) + (id[i] === 'A' ? 'B' : 'A') + id.slice(i + 1);
  }
  let payload: string | Buffer | undefined;
  const b = request.body;
  if (b.kind === 'json') payload = JSON.stringify(b.value);
  else if (b.kind === 'text') payload = b.text;
  else if (b.kind === 'signed') payload = JSON.stringify({ signature: seal(request, b, ctx) });
  const url = `${request.prefix}${endpoints[request.endpoint].path}${request.suffix}`;
  return {
    url,
    headers,
    payload,
    ...(b.kind === 'signed' && b.seal.kind === 'replay'
      ? { replayCode: ErrorCode.SIGNATURE_INVALID.code }
      : {}),
  };
}

export type Stage = 'transport' | 'body' | 'device' | 'signature' | 'payload' | 'auth' | 'handler';
export type StagedExpectation = Expectation & { stage: Stage };
/** U+0000 anywhere (PostgreSQL text cannot hold it): the server refuses the body as malformed. */
export function hasNul(value: unknown): boolean {
  let found = false;
  JSON.stringify(value, (key, v: unknown) => {
    if (key.includes('\u0000') || (typeof v === 'string' && v.includes('\u0000'))) found = true;
    return v;
  });
  return found;
}

const refuse = (stage: Stage, codes: readonly number[], reason: string): StagedExpectation => ({
  refused: true,
  codes,
  reason,
  stage,
});

/**
 * What the documented order of checks says about a request: refused (with the codes allowed)
 * or up to the handler ("any": success or a refusal of the handler's own).
 */
export function expectationOf(
  request: FuzzRequest,
  sent: Materialised,
  bodyLimit: number,
): StagedExpectation {
  const spec = endpoints[request.endpoint];
  const {
    VALIDATION_FAILED: V,
    SIGNATURE_INVALID: S,
    UNSUPPORTED_MEDIA_TYPE: M,
    PAYLOAD_TOO_LARGE: L,
    DEVICE_ID_INVALID: D,
    UNAUTHORIZED: U,
  } = ErrorCode;
  const bodyError = spec.signed ? S.code : V.code;
  const bytes = sent.payload === undefined ? 0 : Buffer.byteLength(sent.payload);
  const b = request.body;

  if ((BAD_PATH_SUFFIXES as readonly string[]).includes(request.suffix))
    return refuse('transport', [V.code, ErrorCode.NOT_FOUND.code], 'URL that does not decode');
  if (bytes === 0) return refuse('transport', [V.code, S.code, M.code], 'no body');
  if (!isJsonType(request.contentType))
    return refuse('transport', [M.code], `content type ${String(request.contentType)}`);
  if (bytes > bodyLimit) return refuse('transport', [L.code], `${bytes} bytes`);
  if (b.kind === 'text' || b.kind === 'none') {
    let parsed: unknown;
    try {
      // The JSON parser drops a leading byte-order mark.
      parsed = JSON.parse(b.kind === 'text' ? b.text.replace(/^\ufeff/, '') : '');
    } catch {
      return refuse('transport', [V.code], b.kind === 'text' ? b.why : 'no body');
    }
    if (isPoisoned(parsed)) return refuse('transport', [V.code], 'prototype poisoning');
    return validatorFor(
      (spec.signed ? SignedBodySchema : schemas[request.endpoint].request) as TSchema,
    ).Check(parsed) && !hasNul(parsed)
      ? {
          refused: false,
          reason: `text ${b.kind === 'text' ? b.why : ''} that is a valid body`,
          stage: 'handler',
        }
      : refuse('body', [bodyError], `${b.kind === 'text' ? b.why : ''}: schema`);
  }
  if (b.kind === 'json') {
    const parsed: unknown = JSON.parse(sent.payload as string);
    if (isPoisoned(parsed)) return refuse('transport', [V.code], 'prototype poisoning');
    if (
      !validatorFor(
        (spec.signed ? SignedBodySchema : schemas[request.endpoint].request) as TSchema,
      ).Check(parsed)
    )
      return refuse('body', [bodyError], 'body schema');
    if (hasNul(parsed)) return refuse('body', [bodyError], 'U+0000 in the body');
  }
  const deviceHeader = sent.headers.deviceid;
  if (deviceHeader !== undefined && deviceHeader.trim() !== '' && request.device.kind !== 'own')
    return refuse('device', [D.code], 'device id');
  if (b.kind === 'signed') {
    if (b.seal.kind !== 'good' && b.seal.kind !== 'replay')
      return refuse('signature', [S.code], `seal ${b.seal.kind}`);
    const p = b.payload;
    if (p === null || typeof p !== 'object' || Array.isArray(p))
      return refuse('signature', [S.code], 'sealed non-object');
    // The server takes nonce and timestamp out of the sealed object (a payload's own are
    // overwritten).
    const opened = JSON.parse(JSON.stringify(p)) as Record<string, unknown>;
    delete opened.nonce;
    delete opened.timestamp;
    if (!validatorFor(schemas[request.endpoint].request as TSchema).Check(opened) || hasNul(opened))
      return refuse('payload', [V.code], 'signed payload schema');
  }
  if (spec.auth && (request.auth.kind !== 'session' || sent.headers.authorization === undefined))
    return refuse('auth', [U.code], 'no valid session');
  return { refused: false, reason: 'reaches the handler', stage: 'handler' };
}

/** Big enough to matter, small enough to print when a property fails. */
/**
 * A replayed signed call: refused as the first was when that stopped before the signature, else a
 * replay.
 */
export function replayExpectation(first: StagedExpectation): StagedExpectation {
  if (first.stage === 'transport' || first.stage === 'body' || first.stage === 'device')
    return { ...first, reason: `replay of: ${first.reason}` };
  if (first.stage === 'signature') return first;
  return refuse('signature', [ErrorCode.SIGNATURE_INVALID.code], 'replayed nonce');
}

export function describeRequest(request: FuzzRequest): string {
  return JSON.stringify(request, (_k, v: unknown) =>
    typeof v === 'string' && v.length > 200 ? `${v.slice(0, 60)}...(${v.length} chars)` : v,
  );
}

export { nested };
