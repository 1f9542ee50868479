import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  endpoints,
  type EndpointName,
  type ErrorCodeEntry,
  type RequestOf,
} from '@nimbus/api-sdk/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Answer, Client } from '../support/client.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Shared pieces of the security suites: the catalogue messages a refusal must carry, a
 * fingerprint of everything users own in the database, and a call helper that signs what the
 * contract says is signed (so a refusal is about what the test means, never a missing signature).
 */

const require = createRequire(import.meta.url);
const catalogue = (language: 'en' | 'zh-CN'): Record<string, string> =>
  JSON.parse(
    readFileSync(require.resolve(`@nimbus/i18n/locales/${language}/errors.json`), 'utf8'),
  ) as Record<string, string>;
const ERRORS = { en: catalogue('en'), 'zh-CN': catalogue('zh-CN') };

/** The catalogue text of an error in a language, with `{{vars}}` left as a pattern. */
export function catalogueMessage(language: 'en' | 'zh-CN', entry: ErrorCodeEntry): string {
  const text = ERRORS[language][entry.key];
  expect(text, `errors:${entry.key} is missing from the ${language} catalogue`).toBeTypeOf(
    'string',
  );
  return text ?? '';
}

/** A regular expression matching the catalogue text with each `{{var}}` filled by anything. */
export function cataloguePattern(language: 'en' | 'zh-CN', entry: ErrorCodeEntry): RegExp {
  const text = catalogueMessage(language, entry);
  const escaped = text
    .split(/\{\{\s*\w+\s*\}\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.+')}$`);
}

/**
 * Calls an endpoint as the contract wants it: signed endpoints signed with the client's platform
 * key, timestamped by the server's clock (tests move it).
 */
export function send<N extends EndpointName>(
  client: Client,
  name: N,
  input: RequestOf<N> | Record<string, unknown>,
  now = Date.now(),
): Promise<Answer> {
  return endpoints[name].signed
    ? client.signedCall(name, input, { timestamp: now })
    : client.call(name, input);
}

/**
 * Checks a refusal: the HTTP status and envelope of the entry, the catalogue's message, no data, no
 * token.
 */
export function expectRefusal(
  answer: Answer,
  entry: ErrorCodeEntry,
  language: 'en' | 'zh-CN' = 'en',
) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(entry.http);
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'data', 'msg', 'status']);
  expect(answer.body).toMatchObject({ code: entry.code, status: entry.status, data: null });
  expect(answer.body.msg).toMatch(cataloguePattern(language, entry));
  // A refusal never hands out a session.
  expect([undefined, 'no-cache']).toContain(answer.headers.pragma);
}

/** Tables whose rows belong to users: any change in them is a change of somebody's state. */
const OWNED_TABLES = [
  'users',
  'user_attribution',
  'sessions',
  'verification_codes',
  'devices',
  'device_trials',
  'audit_log',
  'orders',
  'payment_events',
  'promo_redemptions',
  'redeem_redemptions',
  'crypto_quotes',
  'crypto_transactions',
  'invitation_rewards',
  'third_party_clients',
  'subscription_tokens',
  'group_buys',
  'group_buy_members',
  'group_buy_orders',
  'group_buy_refunds',
  'kol_accounts',
  'kol_commissions',
  'kol_adjustments',
  'kol_payouts',
] as const;

/** Every row of every user-owned table, as one comparable value. */
export async function databaseFingerprint(app: FastifyInstance): Promise<Record<string, string[]>> {
  const { db } = app.services;
  const out: Record<string, string[]> = {};
  for (const table of OWNED_TABLES) {
    const rows = await db.selectFrom(table).selectAll().execute();
    out[table] = rows
      .map((r) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
      .sort();
  }
  return out;
}

/**
 * A fingerprint less the audit rows of console calls refused with 403 (`operator.call_refused`),
 * which such a refusal writes and which change nothing else.
 */
export function withoutRefusalRows(
  fingerprint: Record<string, string[]>,
): Record<string, string[]> {
  return {
    ...fingerprint,
    audit_log: (fingerprint.audit_log ?? []).filter(
      (row) => !row.includes('"action":"operator.call_refused"'),
    ),
  };
}

/** The SHA-256 hex the server stores for a token (a stolen table row must not work as a token). */
export const storedHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Signed-in user made directly in the database is in ../support/group-buy.ts (quickUser); this
 * gives one membership.
 */
export async function grantMembership(t: TestApp, userId: number, days = 365) {
  await t.app.services.db
    .updateTable('users')
    .set({ standard_expires_at: t.clock.now + days * 86_400_000, devices_allowed: 5 })
    .where('id', '=', userId)
    .execute();
}
