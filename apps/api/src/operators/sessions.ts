import { randomBytes } from 'node:crypto';
import {
  extendedOperatorSessionExpiry,
  operatorSessionExpiry,
  OPERATOR_SESSION_MAX_MS,
} from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import { hashToken } from '../security/sessions.ts';

/** 'enrolment': the operator may only set up two-factor; 'full': signed in with two factors. */
export type OperatorSessionStage = 'enrolment' | 'full';

export interface OperatorSession {
  operatorId: number;
  stage: OperatorSessionStage;
  tokenHash: string;
}

/**
 * The console's sessions, apart from the members' (a member token is never an operator's): an
 * opaque token whose SHA-256 is stored, ending 29 to 30 minutes after its last call (the stored
 * expiry moves once a minute at most) and 12 hours after sign-in at the latest (domain
 * operatorSessionExpiry, extendedOperatorSessionExpiry).
 */
export class OperatorSessions {
  constructor(private readonly db: Db) {}

  async create(
    operatorId: number,
    stage: OperatorSessionStage,
    now: number,
    db: Db = this.db,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('operator_sessions')
      .values({
        token_hash: hashToken(token),
        operator_id: operatorId,
        stage,
        created_at: now,
        expires_at: operatorSessionExpiry(now, now),
        revoked_at: null,
      })
      .execute();
    return token;
  }

  /** The live session of a token (its idle expiry pushed out, at most once a minute), or undefined. */
  async authenticate(token: string, now: number): Promise<OperatorSession | undefined> {
    if (token.length < 16 || token.length > 128) return undefined;
    const tokenHash = hashToken(token);
    const row = await this.db
      .selectFrom('operator_sessions')
      .select(['operator_id', 'stage', 'created_at', 'expires_at', 'revoked_at'])
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return undefined;
    const expiry = extendedOperatorSessionExpiry(row.created_at, row.expires_at, now);
    if (expiry !== undefined) {
      await this.db
        .updateTable('operator_sessions')
        .set({ expires_at: expiry })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    }
    return {
      operatorId: row.operator_id,
      stage: row.stage === 'full' ? 'full' : 'enrolment',
      tokenHash,
    };
  }

  async promote(tokenHash: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ stage: 'full' })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  async revoke(tokenHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Ends the operator's enrolment sessions but `keepTokenHash` (one completed enrolment). */
  async revokeOtherEnrolments(
    operatorId: number,
    keepTokenHash: string,
    now: number,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('stage', '=', 'enrolment')
      .where('token_hash', '!=', keepTokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async revokeAll(operatorId: number, now: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: now })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Drops sessions that cannot be live any more. */
  async prune(now: number): Promise<void> {
    await this.db
      .deleteFrom('operator_sessions')
      .where('created_at', '<', now - OPERATOR_SESSION_MAX_MS)
      .execute();
  }
}
