import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  endpointNames,
  endpoints,
  schemas,
  SUCCESS_CODE,
  type EndpointName,
  type EndpointSpec,
} from '@nimbus/api-sdk/contract';
import { DEFAULT_LANGUAGE } from '@nimbus/i18n/server';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '../support/client.ts';
import { registerWithUsername } from '../support/accounts.ts';
import { DIALECT, startTestApp, type TestApp } from '../support/test-app.ts';
import { checkAnswer, expectedLanguage, type Answer } from './oracle.ts';
import { framingArb, parseResponses, rawBytes, sendRaw, type Framing } from './raw-http.ts';
import {
  describeRequest,
  expectationOf,
  materialise,
  replayExpectation,
  requestFamilies,
  SLOW_ENDPOINTS,
  type Caller,
  type Family,
  type FuzzRequest,
  type Materialised,
  type PlatformName,
  type SealContext,
  type StagedExpectation,
} from './requests.ts';

/**
 * Contract fuzzing (apps/api README, "Fuzzing"): for every endpoint of the contract, as an
 * anonymous caller and as a signed-in user, fast-check generates requests from the endpoint's
 * TypeBox schema (malformed bodies, wrong content types, hostile headers, broken and correct
 * signatures, valid shapes with random values) and every answer must be a 4xx or a success in
 * the envelope, localised in the language asked for. A sample goes over a real socket with
 * broken HTTP framing. Afterwards the signed-in user's rows are what they were before: refused
 * requests changed nothing.
 *
 * FUZZ_SEED (default below) makes a run reproducible; FUZZ_RUNS (default 10,000) is the least
 * number of requests per run, spread over the endpoints in the proportions of RUNS.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
const TARGET = Number(process.env.FUZZ_RUNS ?? 10_000);

/** Requests per endpoint, caller and family before scaling to FUZZ_RUNS. */
const RUNS: Record<Family, number> = {
  'malformed-body': 60,
  'content-type': 12,
  headers: 30,
  signature: 40,
  'valid-shape': 25,
};
/** Valid shapes of the argon2 endpoints reach the password hash (about 0.3 s each on two cores). */
const SLOW_VALID_RUNS = 3;
const RAW_RUNS = 300;
const MODES = ['anonymous', 'loggedIn'] as const;
type Mode = (typeof MODES)[number];

function baseRuns(name: EndpointName, family: Family): number {
  if (family === 'signature' && !endpoints[name].signed) return 0;
  return family === 'valid-shape' && SLOW_ENDPOINTS.has(name) ? SLOW_VALID_RUNS : RUNS[family];
}
const FAMILIES = Object.keys(RUNS) as Family[];
const BASE_TOTAL =
  MODES.length *
    endpointNames.reduce(
      (sum, name) => sum + FAMILIES.reduce((s, f) => s + baseRuns(name, f), 0),
      0,
    ) +
  RAW_RUNS;
const SCALE = TARGET / BASE_TOTAL;
const runsOf = (base: number) => (base === 0 ? 0 : Math.max(1, Math.ceil(base * SCALE)));

let t: TestApp;
let port: number;
let bodyLimit: number;
let publicPems: Record<PlatformName, string>;
const foreignPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
  .publicKey.export({ type: 'spki', format: 'pem' })
  .toString();
const anonymous: Caller = { token: undefined, deviceId: undefined };
const subject: Caller & { userId: string } = { token: undefined, deviceId: undefined, userId: '' };
let subjectDbId = 0;
let sandbox: Caller | undefined;

const stats = {
  sent: 0,
  raw: 0,
  byEndpoint: new Map<string, { handler: number; ok: number; codes: Set<number> }>(),
  languages: new Map<string, number>(),
  codes: new Map<number, number>(),
  /** Refused requests to write endpoints sent with the subject's own session and device id. */
  subjectWrites: 0,
};

const sealContext = (): SealContext => ({ now: t.clock.now, publicPems, foreignPem });

async function inject(sent: Materialised): Promise<Answer> {
  stats.sent++;
  const res = await t.app.inject({
    method: 'POST',
    url: sent.url,
    headers: sent.headers,
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
    remoteAddress: '127.0.0.1',
  });
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

/**
 * A trial account (no argon2) for valid-shape writes of a signed-in caller; replaced once logged
 * out or deleted.
 */
async function sandboxCaller(): Promise<Caller> {
  if (sandbox) return sandbox;
  const res = await t.app.inject({
    method: 'POST',
    url: `/v4${endpoints.userTrial.path}`,
    headers: { 'content-type': 'application/json', language: 'en' },
    payload: '{}',
  });
  expect(res.statusCode, res.body).toBe(200);
  sandbox = { token: String(res.headers.pragma), deviceId: String(res.headers.deviceid) };
  return sandbox;
}

function record(
  name: EndpointName,
  mode: Mode,
  expectation: StagedExpectation,
  code: number,
  language: string,
) {
  const key = `${mode}:${name}`;
  const entry = stats.byEndpoint.get(key) ?? { handler: 0, ok: 0, codes: new Set<number>() };
  if (expectation.stage === 'handler') entry.handler++;
  if (code === SUCCESS_CODE) entry.ok++;
  entry.codes.add(code);
  stats.byEndpoint.set(key, entry);
  stats.languages.set(language, (stats.languages.get(language) ?? 0) + 1);
  stats.codes.set(code, (stats.codes.get(code) ?? 0) + 1);
}

/**
 * Sends one fuzz request. A signed-in caller sends as the subject whatever must be refused and
 * every read; a write that may succeed goes to the sandbox account, so the subject's state
 * must come out of the run unchanged.
 */
async function fuzzOnce(request: FuzzRequest, mode: Mode, family: Family): Promise<void> {
  const name = request.endpoint;
  let caller: Caller = mode === 'anonymous' ? anonymous : subject;
  let sent = materialise(request, caller, sealContext());
  let expectation = expectationOf(request, sent, bodyLimit);
  if (mode === 'loggedIn' && !expectation.refused && !endpoints[name].read) {
    caller = await sandboxCaller();
    sent = materialise(request, caller, sealContext());
    expectation = expectationOf(request, sent, bodyLimit);
  }
  const language = expectedLanguage(sent.headers.language);
  const label = `${mode} ${family} ${name}`;
  const envelope = checkAnswer(name, await inject(sent), expectation, language, label);
  record(name, mode, expectation, envelope.code, language);
  if (
    caller === subject &&
    !endpoints[name].read &&
    request.auth.kind === 'session' &&
    request.device.kind === 'own'
  )
    stats.subjectWrites++;
  if (
    caller === sandbox &&
    envelope.code === SUCCESS_CODE &&
    (endpoints[name] as EndpointSpec).clearsToken
  )
    sandbox = undefined;
  if (sent.replayCode !== undefined) {
    const again = replayExpectation(expectation);
    const replayed = checkAnswer(name, await inject(sent), again, language, `${label} (replayed)`);
    record(name, mode, again, replayed.code, language);
  }
}

// ---------------------------------------------------------------------------------------------
// The subject's state: every row that belongs to the user, and what the API shows of it.

const SUBJECT_COLUMNS: Record<string, readonly string[]> = {
  users: ['id'],
  user_attribution: ['user_id'],
  sessions: ['user_id'],
  devices: ['user_id'],
  device_trials: ['user_id'],
  orders: ['user_id'],
  promo_redemptions: ['user_id'],
  redeem_redemptions: ['user_id'],
  invitation_rewards: ['inviter_id', 'invitee_id'],
  third_party_clients: ['user_id'],
  subscription_tokens: ['user_id'],
  group_buys: ['creator_id'],
  group_buy_members: ['user_id'],
  group_buy_orders: ['user_id'],
  kol_accounts: ['user_id'],
  kol_commissions: ['kol_id', 'referred_user_id'],
  kol_adjustments: ['kol_id'],
  kol_payouts: ['kol_id'],
};

async function subjectRows(): Promise<Record<string, unknown[]>> {
  const db = t.app.services.db;
  const rows: Record<string, unknown[]> = {};
  for (const [table, columns] of Object.entries(SUBJECT_COLUMNS)) {
    for (const column of columns) {
      const result =
        await sql`select * from ${sql.table(table)} where ${sql.ref(column)} = ${subjectDbId} order by 1`.execute(
          db,
        );
      rows[`${table}.${column}`] = result.rows;
    }
  }
  rows.audit_log = (
    await sql`select * from audit_log where actor = ${`user:${subjectDbId}`} order by id`.execute(
      db,
    )
  ).rows;
  return rows;
}

async function subjectView(client: Client): Promise<Record<string, unknown>> {
  const page = { page: 1, pageSize: 100 };
  return {
    userInfo: (await client.signedCall('systemUserInfo', {})).body,
    devices: (await client.call('userGetDeviceList', {})).body,
    orders: (await client.call('paymentOrder', page)).body,
    thirdParty: (await client.call('systemThirdPartyStatus', {})).body,
    invitations: (await client.call('systemInvitationRecords', page)).body,
    groupsCreated: (await client.call('paymentJointPurchaseCreated', page)).body,
    groupOrders: (await client.call('paymentJointOrder', page)).body,
  };
}

let subjectClient: Client;
let before: { rows: Record<string, unknown[]>; view: Record<string, unknown> };
const startedAt = performance.now();

beforeAll(async () => {
  t = await startTestApp();
  bodyLimit = t.config.bodyLimitBytes;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;

  const keys = await t.app.inject({
    method: 'POST',
    url: `/v4${endpoints.systemPublicKeys.path}`,
    headers: { 'content-type': 'application/json' },
    payload: '{}',
  });
  publicPems = keys.json<{ data: { keys: Record<PlatformName, string> } }>().data.keys;
  anonymous.deviceId = String(keys.headers.deviceid);

  // The subject: a registered user with a trial membership, a bound device and a pending order,
  // so that there is state a wrongly accepted request could change.
  subjectClient = new Client(t.app);
  const registered = await registerWithUsername(subjectClient);
  await subjectClient.ok('userTrial', {});
  await subjectClient.ok('userBindDevice', {
    deviceId: 'fuzz-subject-device',
    platform: 3,
    kind: 1,
    system: 'Windows 11',
    version: '1.0.0',
    name: 'Fuzz PC',
  });
  await subjectClient.ok('paymentPurchase', {
    productId: '1',
    paymentMethod: 'card',
    idempotencyKey: 'fuzz-subject-order-0001',
  });
  subject.token = subjectClient.token;
  subject.deviceId = subjectClient.deviceId;
  subject.userId = registered.userId;
  subjectDbId = Number(registered.userId);
  before = { rows: await subjectRows(), view: await subjectView(subjectClient) };
  expect(before.rows['devices.user_id']).toHaveLength(1);
  expect(before.rows['orders.user_id']).toHaveLength(1);
});

afterAll(async () => {
  await t.close();
});

describe.each(MODES)('fuzzing every endpoint of the contract (%s)', (mode) => {
  test.each(endpointNames)('%s', async (name) => {
    const families = requestFamilies(name);
    for (const family of FAMILIES) {
      const arbitrary = families[family];
      const numRuns = runsOf(baseRuns(name, family));
      if (!arbitrary || numRuns === 0) continue;
      await fc.assert(
        fc.asyncProperty(arbitrary, (request) => fuzzOnce(request, mode, family)),
        {
          seed: SEED,
          numRuns,
          reporter: (details) => {
            if (details.failed) {
              const counterexample = details.counterexample?.[0] as FuzzRequest | undefined;
              throw new Error(
                `${mode} ${family} ${name} failed (FUZZ_SEED=${SEED}, fast-check seed ${details.seed}, path ${details.counterexamplePath ?? ''}):\n${counterexample ? describeRequest(counterexample) : ''}\n${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`,
              );
            }
          },
        },
      );
    }
  });
});

describe('over a real socket', () => {
  const anyRequest = fc.constantFrom(...endpointNames).chain((name) => {
    const families = requestFamilies(name);
    const usable = FAMILIES.filter(
      (f) => families[f] && !(f === 'valid-shape' && SLOW_ENDPOINTS.has(name)),
    );
    return fc.constantFrom(...usable).chain((f) => families[f] as fc.Arbitrary<FuzzRequest>);
  });

  /**
   * The `language` value the server sees: Node trims each header line and joins repeated ones with
   * ", ".
   */
  const languageSeen = (sent: Materialised, framing: Framing) => {
    const values = [
      sent.headers.language,
      framing.kind === 'duplicate-language' ? framing.second : undefined,
    ]
      .filter((v): v is string => v !== undefined)
      .map((v) => v.replace(/^[ \t]+|[ \t]+$/g, ''));
    return values.length === 0 ? undefined : values.join(', ');
  };

  test(`broken framing, bytes that are not UTF-8, control characters and huge headers`, async () => {
    await fc.assert(
      fc.asyncProperty(anyRequest, framingArb, async (request, framing) => {
        const sent = materialise(request, anonymous, sealContext());
        const payload =
          typeof sent.payload === 'string'
            ? Buffer.from(sent.payload, 'utf8')
            : (sent.payload ?? Buffer.alloc(0));
        const bytes = rawBytes('POST', sent.url, sent.headers, payload, framing);
        stats.raw++;
        stats.sent++;
        const result = await sendRaw(
          port,
          bytes,
          framing.kind === 'length-long' ? { endAfterMs: 100 } : {},
        );
        const { answers, rest } = parseResponses(result.bytes);
        const label = `raw ${framing.kind} ${request.endpoint}`;
        expect(
          answers.length,
          `${label}: no answer (${result.closed ? 'closed' : 'timed out'}), bytes: ${rest.slice(0, 200)}`,
        ).toBeGreaterThan(0);
        expect(rest, `${label}: unparsed bytes after the answers`).toBe('');
        const intact = framing.kind === 'content-length' || framing.kind === 'chunked';
        const expectation = intact
          ? expectationOf(request, sent, bodyLimit)
          : { refused: false, reason: `framing ${framing.kind}` };
        for (const answer of answers) {
          // Without a request id the parser refused the bytes before any header was read: the
          // default language.
          const language =
            answer.headers['x-request-id'] === undefined
              ? DEFAULT_LANGUAGE
              : expectedLanguage(languageSeen(sent, framing));
          checkAnswer(request.endpoint, answer, expectation, language, label);
        }
      }),
      { seed: SEED, numRuns: runsOf(RAW_RUNS) },
    );
    const health = parseResponses(
      (
        await sendRaw(
          port,
          Buffer.from('GET /v4/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        )
      ).bytes,
    );
    expect(health.answers[0]?.status).toBe(200);
  });
});

describe('after the fuzz run', () => {
  test('every endpoint of the contract was fuzzed, reached its handler, in both languages', () => {
    expect(Object.keys(schemas).sort()).toEqual([...endpointNames].sort());
    for (const mode of MODES) {
      const fuzzed = endpointNames.filter((name) => stats.byEndpoint.has(`${mode}:${name}`));
      expect(fuzzed, `${mode}: endpoints fuzzed`).toHaveLength(Object.keys(endpoints).length);
    }
    for (const name of endpointNames) {
      const loggedIn = stats.byEndpoint.get(`loggedIn:${name}`);
      expect(loggedIn?.handler ?? 0, `${name}: no request reached the handler`).toBeGreaterThan(0);
      // A correct signature gets through (systemUserInfo needs the session too).
      if (endpoints[name].signed)
        expect(loggedIn?.ok ?? 0, `${name}: no signed call succeeded`).toBeGreaterThan(0);
    }
    expect(stats.languages.get('en') ?? 0).toBeGreaterThan(1000);
    expect(stats.languages.get('zh-CN') ?? 0).toBeGreaterThan(1000);
  });

  test(`at least ${TARGET} requests were sent, none answered 5xx`, () => {
    const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
    const codes = [...stats.codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([c, n]) => `${c}:${n}`)
      .join(' ');
    console.info(
      `fuzz (${DIALECT}): ${stats.sent} requests (${stats.raw} over a socket) in ${seconds} s, FUZZ_SEED=${SEED}; codes ${codes}`,
    );
    expect(stats.sent).toBeGreaterThanOrEqual(TARGET);
    if (process.env.FUZZ_RUNS === undefined) expect(stats.sent).toBeGreaterThanOrEqual(10_000);
  });

  test('refused requests changed nothing for the signed-in user', async () => {
    console.info(
      `fuzz (${DIALECT}): ${stats.subjectWrites} refused writes with the signed-in user's session and device id`,
    );
    expect(stats.subjectWrites).toBeGreaterThan(runsOf(500));
    expect(await subjectRows()).toEqual(before.rows);
    expect(await subjectView(subjectClient)).toEqual(before.view);
  });
});
