import { randomBytes } from 'node:crypto';
import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { isExpiryActive, ShopGroupType, validateRedeemCode } from '@nimbus/domain';
import { sql } from 'kysely';
import { userActor, writeAudit } from '../audit/index.ts';
import { productName } from '../plans/index.ts';
import { cappedCount } from '../db/capped-count.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import { startsWith } from '../db/prefix-pattern.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { grantPlanTime } from './credit.ts';

// POST /api/system/system_redeem_code
/**
 * system_redeem_code: a code grants days of Standard or Lite through the extension rule. Single
 * or multi-use (max_uses), optional expiry, once per user (a unique key on code and user), and
 * the use counter is bumped only while uses remain, all in one transaction.
 */
export async function redeemCode(
  input: RequestOf<'systemRedeemCode'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemRedeemCode'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  const code = validateRedeemCode(input.code);
  if (!code.ok) throw validationRefusal(code.error);
  try {
    return await services.db.transaction().execute(async (trx) => {
      if (services.dialect === 'postgres')
        await sql`select id from redeem_codes where code = ${code.value} for update`.execute(trx);
      const row = await trx
        .selectFrom('redeem_codes')
        .selectAll()
        .where('code', '=', code.value)
        .executeTakeFirst();
      if (!row || row.active !== 1) throw new Refusal(ErrorCode.REDEEM_CODE_INVALID);
      if (row.expires_at !== null && !isExpiryActive(row.expires_at, now))
        throw new Refusal(ErrorCode.REDEEM_CODE_EXPIRED);
      const mine = await trx
        .selectFrom('redeem_redemptions')
        .select('code_id')
        .where('code_id', '=', row.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (mine) throw new Refusal(ErrorCode.REDEEM_CODE_USED);
      const bumped = await trx
        .updateTable('redeem_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', row.id)
        .where('uses', '<', row.max_uses)
        .executeTakeFirst();
      if (Number(bumped.numUpdatedRows) === 0) throw new Refusal(ErrorCode.REDEEM_CODE_USED);
      const credited = await grantPlanTime(
        trx,
        services.dialect,
        {
          userId,
          groupType: row.group_type as ShopGroupType,
          durationDays: row.days,
          devicesAllowed: row.devices_allowed,
          upgrade: false,
          purchase: false,
        },
        now,
      );
      const grantedMs =
        row.group_type === ShopGroupType.LITE ? credited.liteMs : credited.standardMs;
      await trx
        .insertInto('redeem_redemptions')
        .values({ code_id: row.id, user_id: userId, granted_ms: grantedMs, at: now })
        .execute();
      await writeAudit(trx, {
        actor: userActor(userId),
        action: 'redeem.used',
        subjectType: 'redeem_code',
        subjectId: row.id,
        data: {
          userId,
          groupType: row.group_type,
          days: row.days,
          before: credited.before,
          after: credited.after,
        },
        at: now,
      });
      return {
        productName: productName(ctx.language, row.group_type, row.days),
        grantedSeconds: Math.floor(grantedMs / 1000),
        standardExpireTime: credited.after.standardExpiresAt ?? 0,
        liteExpireTime: credited.after.liteExpiresAt ?? 0,
      };
    });
  } catch (error) {
    // Two racing redemptions by one user: the second hits the (code, user) key.
    if (isUniqueViolation(error)) throw new Refusal(ErrorCode.REDEEM_CODE_USED);
    throw error;
  }
}

// Unambiguous symbols, as for invite codes.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface NewRedeemCode {
  groupType: ShopGroupType;
  days: number;
  devicesAllowed: number;
  maxUses: number;
  expiresAt: number | null;
  /** A chosen code; a random 16-symbol one otherwise. */
  code?: string;
}

/** A random redeem code: 16 unambiguous symbols (80 bits). */
export function randomRedeemCode(): string {
  let code = '';
  for (const b of randomBytes(16)) code += ALPHABET.charAt(b & 31);
  return code;
}

const rowOf = (code: string, input: Omit<NewRedeemCode, 'code'>, now: number) => ({
  code,
  group_type: input.groupType,
  days: input.days,
  devices_allowed: input.devicesAllowed,
  max_uses: input.maxUses,
  expires_at: input.expiresAt,
  created_at: now,
});

/** Creates a redeem code (operators; tests) and returns it; a taken code: a unique violation. */
export async function createRedeemCode(db: Db, input: NewRedeemCode, now: number): Promise<string> {
  const code = input.code?.trim().toUpperCase() ?? randomRedeemCode();
  await db
    .insertInto('redeem_codes')
    .values(rowOf(code, input, now))
    .execute();
  return code;
}

/** SQLite binds at most 999 parameters per statement: 7 a row, 128 rows (896) an insert. */
const ROWS_PER_INSERT = 128;

/**
 * Creates `count` random redeem codes alike (a batch, inside the caller's transaction) with
 * multi-row inserts, and returns them in the order made. A drawn code that is taken already (or
 * drawn twice) is skipped by the unique key (`on conflict do nothing`) and drawn again, so a
 * collision never fails the batch. `draw` makes one code (tests force collisions with it).
 */
export async function createRandomRedeemCodes(
  db: Db,
  input: Omit<NewRedeemCode, 'code'>,
  count: number,
  now: number,
  draw: () => string = randomRedeemCode,
): Promise<string[]> {
  const made: string[] = [];
  const tried = new Set<string>();
  let repeats = 0;
  while (made.length < count) {
    const batch: string[] = [];
    while (batch.length < Math.min(ROWS_PER_INSERT, count - made.length)) {
      const code = draw();
      if (tried.has(code)) {
        if (++repeats > 1000) throw new Error('redeem codes keep colliding: is `draw` random?');
        continue;
      }
      tried.add(code);
      batch.push(code);
    }
    const inserted = await db
      .insertInto('redeem_codes')
      .values(batch.map((code) => rowOf(code, input, now)))
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .execute();
    const fresh = new Set(inserted.map((r) => r.code));
    made.push(...batch.filter((code) => fresh.has(code)));
  }
  return made;
}

// The redeem_codes table is read and written here only.

/** Every redeem code, newest first. */
export async function listRedeemCodes(db: Db) {
  return db
    .selectFrom('redeem_codes')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** A redeem code by its (normalised) code. */
export async function findRedeemCode(db: Db, code: string) {
  return db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function disableRedeemCode(db: Db, id: number): Promise<void> {
  await db.updateTable('redeem_codes').set({ active: 0 }).where('id', '=', id).execute();
}

/** One page of redeem codes, newest first, optionally by a code's start or only active ones. */
export async function pageRedeemCodes(
  db: Db,
  filter: { prefix?: string | undefined; active?: boolean | undefined },
  page: { offset: number; limit: number },
) {
  let base = db.selectFrom('redeem_codes');
  if (filter.prefix) base = base.where(startsWith('code', filter.prefix));
  if (filter.active !== undefined) base = base.where('active', '=', filter.active ? 1 : 0);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    cappedCount(db, base),
  ]);
  return { rows, ...count };
}
