import { createHash, randomBytes } from 'node:crypto';
import { daysToMs, MS_PER_HOUR, TOKEN_COOKIE_DAYS } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/** Sessions live as long as the token cookie, extended on use (sliding expiry). */
export const SESSION_TTL_MS = daysToMs(TOKEN_COOKIE_DAYS);
/** A used session's expiry is pushed out at most once per this interval, not on every call. */
const SLIDE_INTERVAL_MS = MS_PER_HOUR;

export interface Session {
  userId: number;
  tokenHash: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Opaque session tokens: 32 random bytes (base64url) handed to the client once; the database
 * keeps only their SHA-256, so a leaked table holds no usable token.
 */
export class Sessions {
  constructor(private readonly db: Db) {}

  async create(
    userId: number,
    deviceId: string | null,
    now: number,
    db: Db = this.db,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        device_id: deviceId,
        created_at: now,
        expires_at: now + SESSION_TTL_MS,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** The session of a token, or undefined when it is unknown, revoked or expired. */
  async authenticate(token: string, now: number): Promise<Session | undefined> {
    if (token.length < 16 || token.length > 128) return undefined;
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    if (row.expires_at - now < SESSION_TTL_MS - SLIDE_INTERVAL_MS) {
      await this.db
        .updateTable('sessions')
        .set({ expires_at: now + SESSION_TTL_MS })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return { userId: row.user_id, tokenHash };
  }

  async revoke(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** How many sessions of a user are live at `now`. */
  async liveCount(userId: number, now: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async revokeAll(userId: number, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops sessions that ended more than a day ago (kept briefly for support questions). */
  async prune(now: number): Promise<void> {
    await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<', now - daysToMs(1))
      .execute();
    await this.db
      .deleteFrom('sessions')
      .where('revoked_at', '<', now - daysToMs(1))
      .execute();
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function tokenFromAuthorization(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const bearer = /^Bearer\s+(.+)$/i.exec(value);
  const token = (bearer ? bearer[1] : value)?.trim();
  return token === '' ? undefined : token;
}
