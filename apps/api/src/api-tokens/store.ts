import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ApiTokensTable } from '../db/schema.ts';

/** The api_tokens table (README.md). */

export type ApiTokenRow = Selectable<ApiTokensTable>;

const tokens = (db: Db) => db.selectFrom('api_tokens').selectAll();

export async function insertApiToken(
  trx: Db,
  token: {
    name: string;
    scopes: readonly string[];
    tokenHash: string;
    createdBy: number;
    createdByName: string;
    now: number;
    expiresAt: number | null;
  },
): Promise<number> {
  const row = await trx
    .insertInto('api_tokens')
    .values({
      name: token.name,
      scopes: JSON.stringify(token.scopes),
      token_hash: token.tokenHash,
      created_by: token.createdBy,
      created_by_name: token.createdByName,
      created_at: token.now,
      expires_at: token.expiresAt,
      last_used_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every token, the newest first (an installation has a handful). */
export async function listApiTokens(db: Db): Promise<ApiTokenRow[]> {
  return tokens(db).orderBy('id', 'desc').execute();
}

export async function apiTokenById(db: Db, id: number): Promise<ApiTokenRow | undefined> {
  return tokens(db).where('id', '=', id).executeTakeFirst();
}

export async function apiTokenByHash(db: Db, hash: string): Promise<ApiTokenRow | undefined> {
  return tokens(db).where('token_hash', '=', hash).executeTakeFirst();
}

/** Revokes a live token; false when it was revoked already (or does not exist). */
export async function revokeApiTokenRow(trx: Db, id: number, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Notes a use, at most once a minute per token (a busy program does not write on every call). */
export async function touchApiToken(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('api_tokens')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - 60_000)]))
    .execute();
}
