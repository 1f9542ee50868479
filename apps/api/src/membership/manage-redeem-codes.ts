import { ErrorCode } from '@nimbus/api-sdk/contract';
import { redeemBatchProblems, ShopGroupType, validateRedeemCode } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import { writeAudit, type Actor } from '../audit/index.ts';
import { isUniqueViolation, type Db } from '../db/database.ts';
import type { RedeemCodesTable } from '../db/schema.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import {
  createRandomRedeemCodes,
  createRedeemCode,
  disableRedeemCode,
  findRedeemCode,
} from './redeem-code.ts';

/**
 * What operators do with redeem codes, for `pnpm ops redeem` and the console alike: make a batch
 * (checked by the domain's batch rule; one audit row lists every code) and disable a code.
 */

export interface RedeemChange {
  actor: Actor;
  now: number;
}

export interface RedeemBatch {
  groupType: ShopGroupType;
  days: number;
  devicesAllowed: number;
  maxUses: number;
  count: number;
  expiresAt: number | null;
  /** A chosen code: the batch is that one code. */
  code: string | null;
}

const typeName = (t: number) => (t === ShopGroupType.LITE ? 'lite' : 'standard');

/**
 * Makes the batch's codes in one transaction, random ones in multi-row inserts (a drawn code that
 * is taken is drawn again); REDEEM_CODE_EXISTS when a chosen code is taken.
 */
export async function createRedeemBatch(
  db: Db,
  input: RedeemBatch,
  change: RedeemChange,
): Promise<string[]> {
  const chosen = input.code === null ? null : validateRedeemCode(input.code);
  const batch = { ...input, code: chosen === null ? null : chosen.ok ? chosen.value : '' };
  const [problem] = redeemBatchProblems(batch, change.now);
  if (problem) throw validationRefusal(problem.error, problem.params);
  const spec = {
    groupType: batch.groupType,
    days: batch.days,
    expiresAt: batch.expiresAt,
    devicesAllowed: batch.devicesAllowed,
    maxUses: batch.maxUses,
  };
  try {
    return await db.transaction().execute(async (trx) => {
      if (batch.code !== null && (await findRedeemCode(trx, batch.code)))
        throw new Refusal(ErrorCode.REDEEM_CODE_EXISTS);
      const made =
        batch.code === null
          ? await createRandomRedeemCodes(trx, spec, batch.count, change.now)
          : [await createRedeemCode(trx, { ...spec, code: batch.code }, change.now)];
      await writeAudit(trx, {
        actor: change.actor,
        action: 'redeem.created',
        subjectType: 'redeem_batch',
        subjectId: made[0] ?? '',
        data: { ...spec, type: typeName(batch.groupType), count: batch.count, codes: made },
        at: change.now,
      });
      return made;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ErrorCode.REDEEM_CODE_EXISTS);
    throw error;
  }
}

/**
 * Disables a redeem code: it redeems no more (time already granted stays). REDEEM_CODE_NOT_FOUND
 * for an unknown code; `changed` false when it was disabled already.
 */
export async function disableRedeem(
  db: Db,
  code: string,
  change: RedeemChange,
): Promise<{ row: Selectable<RedeemCodesTable>; changed: boolean }> {
  const normalised = validateRedeemCode(code);
  return db.transaction().execute(async (trx) => {
    const row = normalised.ok ? await findRedeemCode(trx, normalised.value) : undefined;
    if (!row) throw new Refusal(ErrorCode.REDEEM_CODE_NOT_FOUND);
    if (row.active === 0) return { row, changed: false };
    await disableRedeemCode(trx, row.id);
    await writeAudit(trx, {
      actor: change.actor,
      action: 'redeem.disabled',
      subjectType: 'redeem_code',
      subjectId: row.id,
      data: { code: row.code },
      at: change.now,
    });
    return { row: { ...row, active: 0 }, changed: true };
  });
}
