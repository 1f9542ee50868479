import { randomBytes, randomUUID } from 'node:crypto';
import { daysToMs } from '@nimbus/domain';
import { SecretBox } from '../security/secret-box.ts';
import type { Db } from '../db/database.ts';
import { userColumns } from '../accounts/index.ts';
import type { ServerSecret } from '../keys/server-secret.ts';
import { hashToken } from '../security/sessions.ts';

/**
 * Subscription link tokens: 32 random bytes, base64url (43 characters), so guessing one is
 * hopeless. The database looks them up by SHA-256; the active one is also sealed (AES-256-GCM)
 * so the status call can show the link again. A reset revokes the old token: for
 * REVOKED_TOKEN_KEPT_DAYS its downloads get a configuration saying "link reset, import the new
 * one", after that it is deleted and answers 404.
 */
export const TOKEN_BYTES = 32;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const REVOKED_TOKEN_KEPT_DAYS = 90;

export interface ActiveToken {
  token: string;
  tokenHash: string;
}

/**
 * Each link carries a random node UUID (v4): the member's node credentials all derive from it
 * (@nimbus/domain node-credentials), the node feed serves it, and a reset gives a new one.
 */

export function tokenSecrets(secret: ServerSecret): SecretBox {
  return new SecretBox(secret.derive('subscription-token'));
}

const sealContext = (userId: number) => `subscription-token:${userId}`;

/** The user's active token, opened; undefined when none was issued yet. */
export async function activeToken(
  db: Db,
  box: SecretBox,
  userId: number,
): Promise<ActiveToken | undefined> {
  const row = await db
    .selectFrom('subscription_tokens')
    .select(['token_hash', 'token_sealed'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row?.token_sealed) return undefined;
  return { token: box.open(row.token_sealed, sealContext(userId)), tokenHash: row.token_hash };
}

/**
 * Revokes the active token (if any) and issues a new one; call inside the user's locked
 * transaction.
 */
export async function issueToken(
  trx: Db,
  box: SecretBox,
  userId: number,
  now: number,
): Promise<ActiveToken> {
  await trx
    .updateTable('subscription_tokens')
    .set({ revoked_at: now, token_sealed: null })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const tokenHash = hashToken(token);
  await trx
    .insertInto('subscription_tokens')
    .values({
      token_hash: tokenHash,
      user_id: userId,
      token_sealed: box.seal(token, sealContext(userId)),
      created_at: now,
      revoked_at: null,
      node_uuid: randomUUID(),
    })
    .execute();
  return { token, tokenHash };
}

export interface TokenOwner {
  userId: number;
  tokenHash: string;
  revoked: boolean;
  /** The link's node UUID; null only on a revoked link (never on one the feed serves). */
  nodeUuid: string | null;
}

/**
 * Who a presented token belongs to; undefined for malformed, unknown or pruned tokens and deleted
 * accounts.
 */
export async function findTokenOwner(db: Db, token: string): Promise<TokenOwner | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const row = await db
    .selectFrom('subscription_tokens')
    .innerJoin(
      userColumns(db, ['id', 'deleted_at']).as('users'),
      'users.id',
      'subscription_tokens.user_id',
    )
    .select([
      'subscription_tokens.user_id',
      'subscription_tokens.token_hash',
      'subscription_tokens.revoked_at',
      'subscription_tokens.node_uuid',
    ])
    .where('subscription_tokens.token_hash', '=', hashToken(token))
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        userId: row.user_id,
        tokenHash: row.token_hash,
        revoked: row.revoked_at !== null,
        nodeUuid: row.node_uuid,
      }
    : undefined;
}

/** Forgets tokens revoked long enough ago; their links then answer 404. */
export async function pruneRevokedTokens(db: Db, now: number): Promise<void> {
  await db
    .deleteFrom('subscription_tokens')
    .where('revoked_at', '<', now - daysToMs(REVOKED_TOKEN_KEPT_DAYS))
    .execute();
}
