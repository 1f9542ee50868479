import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  secondsToMs,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@nimbus/domain';
import type { Db } from '../db/database.ts';

export type CodeChannel = 'email' | 'phone';
export type CodePurpose = 'register' | 'login' | 'reset' | 'delete_account' | 'payout_wallet';

export type IssueResult = { ok: true; code: string } | { ok: false; retryAfterSeconds: number };
export type CheckResult = { status: 'ok'; codeId: number } | { status: 'invalid' | 'locked' };

/**
 * Verification codes: 6 random digits, valid 10 minutes, a new one at most every 60 s, 5 wrong
 * tries lock the code. Only an HMAC of the code (keyed by a server secret and bound to target
 * and purpose) is stored. A new code replaces the previous ones for the same target and purpose.
 */
/** Forgets every code sent to an address (account deletion). */
export async function deleteCodesTo(db: Db, target: string): Promise<void> {
  await db.deleteFrom('verification_codes').where('target', '=', target).execute();
}

export class VerificationCodes {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  private hash(target: string, purpose: CodePurpose, code: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\n${target}\n${code}`).digest('hex');
  }

  async issue(
    target: string,
    channel: CodeChannel,
    purpose: CodePurpose,
    now: number,
  ): Promise<IssueResult> {
    const last = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const resendAt = last ? last.created_at + secondsToMs(VERIFICATION_CODE_RESEND_SECONDS) : 0;
    if (resendAt > now) return { ok: false, retryAfterSeconds: Math.ceil((resendAt - now) / 1000) };

    const code = String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(
      VERIFICATION_CODE_LENGTH,
      '0',
    );
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('target', '=', target)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await trx
        .insertInto('verification_codes')
        .values({
          target,
          channel,
          purpose,
          code_hash: this.hash(target, purpose, code),
          created_at: now,
          expires_at: now + secondsToMs(VERIFICATION_CODE_TTL_SECONDS),
          consumed_at: null,
        })
        .execute();
    });
    return { ok: true, code };
  }

  /**
   * Checks a code. A wrong one uses up a try (the fifth locks it); a right one is not consumed
   * yet: the caller consumes it with `consume`, inside the transaction that acts on it.
   */
  async check(
    target: string,
    purpose: CodePurpose,
    code: string,
    now: number,
  ): Promise<CheckResult> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash', 'attempts', 'expires_at'])
      .where('target', '=', target)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return { status: 'invalid' };
    if (row.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return { status: 'locked' };
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(this.hash(target, purpose, code), 'hex');
    if (timingSafeEqual(expected, given)) return { status: 'ok', codeId: row.id };
    const updated = await this.db
      .updateTable('verification_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', row.id)
      .returning('attempts')
      .executeTakeFirst();
    const attempts = updated?.attempts ?? VERIFICATION_CODE_MAX_ATTEMPTS;
    return { status: attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? 'locked' : 'invalid' };
  }

  /**
   * Marks a checked code used. A conditional update: of two racing requests with the same code
   * only one gets true. Pass the caller's transaction so a failure after it rolls it back.
   */
  async consume(codeId: number, now: number, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('verification_codes')
      .set({ consumed_at: now })
      .where('id', '=', codeId)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async prune(now: number): Promise<void> {
    // Kept a day after expiry: the resend interval and rate limits look at recent rows.
    await this.db
      .deleteFrom('verification_codes')
      .where('expires_at', '<', now - 24 * 3600_000)
      .execute();
  }
}
