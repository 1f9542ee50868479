import { createHash } from 'node:crypto';
import { isOperatorRole, type OperatorRole } from '@nimbus/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { OperatorsTable } from '../db/schema.ts';

/** The operators, their recovery codes: every read and write of those tables. */

export type OperatorRow = Selectable<OperatorsTable>;

export interface OperatorRecord {
  id: number;
  username: string;
  role: OperatorRole;
  passwordHash: string;
  totpSecret: string | null;
  totpPending: string | null;
  totpLastStep: number | null;
  enrolledAt: number | null;
  disabledAt: number | null;
  lastLoginAt: number | null;
  createdAt: number;
}

function toRecord(row: OperatorRow): OperatorRecord {
  // A role this server does not know (written by a newer one) grants nothing beyond support's.
  const role: OperatorRole = isOperatorRole(row.role) ? row.role : 'support';
  return {
    id: row.id,
    username: row.username,
    role,
    passwordHash: row.password_hash,
    totpSecret: row.totp_secret,
    totpPending: row.totp_pending,
    totpLastStep: row.totp_last_step,
    enrolledAt: row.enrolled_at,
    disabledAt: row.disabled_at,
    lastLoginAt: row.last_login_at,
    createdAt: row.created_at,
  };
}

export async function operatorById(db: Db, id: number): Promise<OperatorRecord | undefined> {
  const row = await db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function operatorByName(
  db: Db,
  username: string,
): Promise<OperatorRecord | undefined> {
  const row = await db
    .selectFrom('operators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function insertOperator(
  db: Db,
  values: {
    username: string;
    role: OperatorRole;
    passwordHash: string;
    createdBy: string;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('operators')
    .values({
      username: values.username,
      role: values.role,
      password_hash: values.passwordHash,
      created_at: values.now,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listOperators(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ items: OperatorRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('operators')
      .selectAll()
      // Newest first: an operator just created is on the first page, however many there are.
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('operators')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toRecord), total: Number(count.n) };
}

export async function updateOperator(
  db: Db,
  id: number,
  set: Partial<
    Pick<
      OperatorsTable,
      | 'password_hash'
      | 'totp_secret'
      | 'totp_pending'
      | 'totp_last_step'
      | 'enrolled_at'
      | 'disabled_at'
      | 'last_login_at'
      | 'role'
    >
  >,
): Promise<void> {
  await db.updateTable('operators').set(set).where('id', '=', id).execute();
}

/**
 * Turns two-factor on with a confirmed secret, once: false when the operator is already enrolled
 * (another session completed enrolment first), and nothing changes then.
 */
export async function completeEnrolment(
  db: Db,
  id: number,
  set: { totp_secret: string; totp_last_step: number; enrolled_at: number },
): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ ...set, totp_pending: null })
    .where('id', '=', id)
    .where('enrolled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Accepts a TOTP time step once: true when it is newer than the last one accepted (so two
 * concurrent sign-ins with one code cannot both pass).
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const recoveryCodeHash = (normalised: string) =>
  createHash('sha256').update(normalised).digest('hex');

export async function replaceRecoveryCodes(
  db: Db,
  operatorId: number,
  normalisedCodes: readonly string[],
): Promise<void> {
  await db.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
  if (normalisedCodes.length === 0) return;
  await db
    .insertInto('operator_recovery_codes')
    .values(
      normalisedCodes.map((code) => ({
        operator_id: operatorId,
        code_hash: recoveryCodeHash(code),
        used_at: null,
      })),
    )
    .execute();
}

/** Uses an unused recovery code of the operator; false when there is none such. */
export async function useRecoveryCode(
  db: Db,
  operatorId: number,
  normalised: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('operator_recovery_codes')
    .set({ used_at: now })
    .where('operator_id', '=', operatorId)
    .where('code_hash', '=', recoveryCodeHash(normalised))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}
