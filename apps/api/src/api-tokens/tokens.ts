import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_CALLS_PER_MINUTE,
  API_TOKEN_PREFIX,
  MS_PER_DAY,
  MS_PER_MINUTE,
  isApiTokenScope,
  type ApiTokenScope,
} from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import type { Db } from '../db/database.ts';
import type { RateCounters } from '../security/rate-counter.ts';
import { hashToken } from '../security/sessions.ts';
import {
  apiTokenByHash,
  apiTokenById,
  insertApiToken,
  revokeApiTokenRow,
  touchApiToken,
  type ApiTokenRow,
} from './store.ts';

/** Whether a bearer value is an API token (and not an operator session). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

/** The scopes a row grants (anything stored that is not a scope grants nothing). */
export const scopesOf = (row: ApiTokenRow): ApiTokenScope[] => {
  const parsed: unknown = JSON.parse(row.scopes);
  return Array.isArray(parsed) ? parsed.filter(isApiTokenScope) : [];
};

/**
 * Makes a token: the secret (`nmb_` and 43 random characters) is returned once and only its
 * SHA-256 is kept; audited (`api_token.created`, never the secret).
 */
export async function createApiToken(
  db: Db,
  input: {
    name: string;
    scopes: readonly ApiTokenScope[];
    expiresInDays: number | null;
    operator: { id: number; username: string; actor: Actor };
    now: number;
  },
): Promise<{ id: number; secret: string }> {
  const secret = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertApiToken(trx, {
      name: input.name,
      scopes,
      tokenHash: hashToken(secret),
      createdBy: input.operator.id,
      createdByName: input.operator.username,
      now: input.now,
      expiresAt: input.expiresInDays === null ? null : input.now + input.expiresInDays * MS_PER_DAY,
    });
    await writeAudit(trx, {
      actor: input.operator.actor,
      action: 'api_token.created',
      subjectType: 'api_token',
      subjectId: id,
      data: { name: input.name, scopes, expiresInDays: input.expiresInDays },
      at: input.now,
    });
    return id;
  });
  return { id, secret };
}

/** Revokes a token at once (its next call is refused); audited. False when already revoked. */
export async function revokeApiToken(
  db: Db,
  id: number,
  change: { actor: Actor; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await apiTokenById(trx, id);
    if (!row || !(await revokeApiTokenRow(trx, id, change.now))) return false;
    await writeAudit(trx, {
      actor: change.actor,
      action: 'api_token.revoked',
      subjectType: 'api_token',
      subjectId: id,
      data: { name: row.name },
      at: change.now,
    });
    return true;
  });
}

export interface ApiTokenCaller {
  id: number;
  name: string;
  scopes: ApiTokenScope[];
  /** The operator who made it (console handlers that name an operator name them). */
  createdBy: number;
}

/**
 * The live token behind a bearer secret: unknown, revoked and expired tokens are undefined (the
 * caller answers 401). Past API_TOKEN_CALLS_PER_MINUTE calls in a minute: 'rate_limited'.
 */
export async function authenticateApiToken(
  db: Db,
  counters: RateCounters,
  secret: string,
  now: number,
): Promise<ApiTokenCaller | 'rate_limited' | undefined> {
  const row = await apiTokenByHash(db, hashToken(secret));
  if (!row || row.revoked_at !== null) return undefined;
  if (row.expires_at !== null && Number(row.expires_at) <= now) return undefined;
  const calls = await counters.hit(`api-token:${row.id}`, MS_PER_MINUTE, now);
  if (calls.current > API_TOKEN_CALLS_PER_MINUTE) return 'rate_limited';
  await touchApiToken(db, row.id, now);
  return { id: row.id, name: row.name, scopes: scopesOf(row), createdBy: row.created_by };
}

/** Every call a token makes leaves an audit row under the token (`token:<id>`) and its name. */
export async function auditApiTokenCall(
  db: Db,
  token: Pick<ApiTokenCaller, 'id' | 'name'>,
  call: { path: string; outcome: string; now: number },
): Promise<void> {
  await writeAudit(db, {
    actor: `token:${token.id}`,
    action: 'api_token.call',
    subjectType: 'api_token',
    subjectId: token.id,
    data: { name: token.name, call: call.path, outcome: call.outcome },
    at: call.now,
  });
}
