import { createHash, randomBytes } from 'node:crypto';
import { daysToMs, MS_PER_HOUR, MS_PER_MINUTE, TOKEN_COOKIE_DAYS } from '@nimbus/domain';
import type { Db } from '../db/database.ts';

/** Sessions live as long as the token cookie, extended on use (sliding expiry). */
export const SESSION_TTL_MS = daysToMs(TOKEN_COOKIE_DAYS);
/** A used session's expiry is pushed out at most once per this interval, not on every call. */
const SLIDE_INTERVAL_MS = MS_PER_HOUR;
/** "Last used" (and the address) is recorded at most once per this interval. */
const TOUCH_INTERVAL_MS = 5 * MS_PER_MINUTE;
const USER_AGENT_MAX_LENGTH = 512;

export interface Session {
  userId: number;
  tokenHash: string;
}

/** Where a session was signed in from (what "Active sessions" shows). */
export interface SessionOrigin {
  deviceId: string | null;
  /** The `platform` request header as sent (ios, android, mac, windows), if any. */
  platform: string | null;
  userAgent: string | null;
  ip: string | null;
}

/** A session as its owner sees it in "Active sessions". */
export interface ActiveSession {
  /** Names the session to its owner; not the token nor its hash. */
  id: string;
  tokenHash: string;
  platform: string | null;
  userAgent: string | null;
  ip: string | null;
  createdAt: number;
  lastUsedAt: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The public id of a session: derived from its hash, so no column and no way back to it. */
export function sessionIdOf(tokenHash: string): string {
  return createHash('sha256').update(`session-id:${tokenHash}`).digest('base64url').slice(0, 22);
}

/**
 * Opaque session tokens: 32 random bytes (base64url) handed to the client once; the database
 * keeps only their SHA-256, so a leaked table holds no usable token.
 */
/** Ends every session of a user. */
export async function revokeSessionsOf(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** A user's live sessions, newest first, at most `limit` of them (the console's user detail). */
export async function liveSessionsOf(db: Db, userId: number, now: number, limit: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'device_id'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** The device ids a user's sessions were opened from. */
export async function sessionDeviceIds(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('device_id')
    .where('user_id', '=', userId)
    .where('device_id', 'is not', null)
    .execute();
  return rows.map((s) => s.device_id ?? '');
}

export class Sessions {
  constructor(private readonly db: Db) {}

  /** A new session; `origin` null when nothing is known of where it comes from (ops, tests). */
  async create(
    userId: number,
    origin: SessionOrigin | null,
    now: number,
    db: Db = this.db,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        user_id: userId,
        device_id: origin?.deviceId ?? null,
        platform: origin?.platform ?? null,
        user_agent: origin?.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
        ip: origin?.ip ?? null,
        created_at: now,
        last_used_at: now,
        expires_at: now + SESSION_TTL_MS,
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /**
   * The session of a token, or undefined when it is unknown, revoked or expired. A use pushes the
   * expiry out (at most hourly) and records when and from where (at most every 5 minutes).
   */
  async authenticate(token: string, now: number, ip?: string): Promise<Session | undefined> {
    if (token.length < 16 || token.length > 128) return undefined;
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at', 'revoked_at', 'last_used_at', 'ip'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    const slide = row.expires_at - now < SESSION_TTL_MS - SLIDE_INTERVAL_MS;
    const touch =
      row.last_used_at === null ||
      now - row.last_used_at >= TOUCH_INTERVAL_MS ||
      (ip !== undefined && ip !== row.ip);
    if (slide || touch) {
      await this.db
        .updateTable('sessions')
        .set({
          ...(slide ? { expires_at: now + SESSION_TTL_MS } : {}),
          last_used_at: now,
          ...(ip !== undefined ? { ip } : {}),
        })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return { userId: row.user_id, tokenHash };
  }

  /** The user's sessions in force, most recently used first. */
  async active(userId: number, now: number): Promise<ActiveSession[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['token_hash', 'platform', 'user_agent', 'ip', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return rows
      .map((r) => ({
        id: sessionIdOf(r.token_hash),
        tokenHash: r.token_hash,
        platform: r.platform,
        userAgent: r.user_agent,
        ip: r.ip,
        createdAt: Number(r.created_at),
        lastUsedAt: Number(r.last_used_at ?? r.created_at),
      }))
      .sort((a, b) => b.lastUsedAt - a.lastUsedAt || b.createdAt - a.createdAt);
  }

  /** Ends every session of the user but `keepTokenHash`; how many ended. */
  async revokeOthers(
    userId: number,
    keepTokenHash: string,
    now: number,
    db: Db = this.db,
  ): Promise<number> {
    const result = await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('token_hash', '!=', keepTokenHash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async revoke(tokenHash: string, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Whether the user's session of public id `sessionId` (sessionIdOf) is live at `now`. */
  async isLive(userId: number, sessionId: string, now: number): Promise<boolean> {
    const rows = await this.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return rows.some((r) => sessionIdOf(r.token_hash) === sessionId);
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
    await revokeSessionsOf(db, userId, now);
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
