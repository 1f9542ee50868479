import { randomBytes, randomInt } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  isOperatorName,
  MS_PER_MINUTE,
  normaliseRecoveryCode,
  normaliseTotpCode,
  operatorNameKey,
  RECOVERY_CODE_COUNT,
  type OperatorRole,
} from '@nimbus/domain';
import { writeAudit, type Actor } from '../audit/index.ts';
import { isUniqueViolation } from '../db/database.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../security/passwords.ts';
import { SecretBox } from '../security/secret-box.ts';
import { OperatorSessions, type OperatorSessionStage } from './sessions.ts';
import {
  claimTotpStep,
  completeEnrolment,
  insertOperator,
  listOperators,
  operatorById,
  operatorByName,
  replaceRecoveryCodes,
  updateOperator,
  useRecoveryCode,
  type OperatorRecord,
} from './store.ts';
import { newTotpSecret, totpStep, totpUri } from './totp.ts';
import { recordLoginFailure, refuseIfLocked } from '../accounts/calls/index.ts';
import { belowLimitAt } from '../security/rate-counter.ts';

/**
 * Operators: creation (the first admin from `pnpm ops operators create`, the others from the
 * console), sign-in with password and TOTP (or a recovery code), enrolment of the authenticator,
 * disabling and resetting. `pnpm ops` and the console call these functions, so a rule is
 * written once; every change writes its audit row in the same transaction.
 */

export interface OperatorView {
  operatorId: string;
  username: string;
  role: OperatorRole;
  enrolled: boolean;
  disabled: boolean;
  createdAt: number;
  lastLoginAt: number | null;
}

export const operatorView = (o: OperatorRecord): OperatorView => ({
  operatorId: String(o.id),
  username: o.username,
  role: o.role,
  enrolled: o.enrolledAt !== null,
  disabled: o.disabledAt !== null,
  createdAt: o.createdAt,
  lastLoginAt: o.lastLoginAt,
});

const totpBox = (services: PlatformServices) =>
  new SecretBox(services.secret.derive('operator-totp'));
const secretContext = (operatorId: number) => `operators.totp:${operatorId}`;

/** A first password: 24 characters of base64url (144 bits), shown once. */
const newPassword = () => randomBytes(18).toString('base64url');

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A recovery code as shown: `xxxxx-xxxxx` (about 49 bits). */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  ).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export async function findOperator(
  services: PlatformServices,
  ref: { id: number } | { username: string },
): Promise<OperatorRecord> {
  const found =
    'id' in ref
      ? await operatorById(services.db, ref.id)
      : await operatorByName(services.db, operatorNameKey(ref.username));
  if (!found) throw new Refusal(ErrorCode.OPERATOR_NOT_FOUND);
  return found;
}

/** Creates an operator with a random first password (returned once, never stored in clear). */
export async function createOperator(
  services: PlatformServices,
  input: { username: string; role: OperatorRole },
  actor: Actor,
  now: number,
): Promise<{ operator: OperatorView; password: string }> {
  if (!isOperatorName(input.username)) throw validationRefusal('operator_name_invalid');
  const username = operatorNameKey(input.username);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  try {
    const id = await services.db.transaction().execute(async (trx) => {
      const created = await insertOperator(trx, {
        username,
        role: input.role,
        passwordHash,
        createdBy: actor,
        now,
      });
      await writeAudit(trx, {
        actor,
        action: 'operator.created',
        subjectType: 'operator',
        subjectId: created,
        data: { username, role: input.role },
        at: now,
      });
      return created;
    });
    return { operator: operatorView(await findOperator(services, { id })), password };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Refusal(ErrorCode.OPERATOR_EXISTS);
    throw error;
  }
}

/**
 * A new first password for an operator who lost theirs or their authenticator: two-factor is set
 * up again at the next sign-in, recovery codes and sessions end.
 */
export async function resetOperator(
  services: PlatformServices,
  ref: { id: number } | { username: string },
  actor: Actor,
  now: number,
): Promise<{ operator: OperatorView; password: string }> {
  const operator = await findOperator(services, ref);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  await services.db.transaction().execute(async (trx) => {
    await updateOperator(trx, operator.id, {
      password_hash: passwordHash,
      totp_secret: null,
      totp_pending: null,
      totp_last_step: null,
      enrolled_at: null,
      disabled_at: null,
    });
    await replaceRecoveryCodes(trx, operator.id, []);
    await new OperatorSessions(trx).revokeAll(operator.id, now, trx);
    await writeAudit(trx, {
      actor,
      action: 'operator.reset',
      subjectType: 'operator',
      subjectId: operator.id,
      data: {},
      at: now,
    });
  });
  return { operator: operatorView(await findOperator(services, { id: operator.id })), password };
}

/** Disables an operator: no sign-in, every session ends. */
export async function disableOperator(
  services: PlatformServices,
  ref: { id: number } | { username: string },
  actor: Actor,
  now: number,
): Promise<OperatorView> {
  const operator = await findOperator(services, ref);
  if (operator.disabledAt === null) {
    await services.db.transaction().execute(async (trx) => {
      await updateOperator(trx, operator.id, { disabled_at: now });
      await new OperatorSessions(trx).revokeAll(operator.id, now, trx);
      await writeAudit(trx, {
        actor,
        action: 'operator.disabled',
        subjectType: 'operator',
        subjectId: operator.id,
        data: {},
        at: now,
      });
    });
  }
  return operatorView(await findOperator(services, { id: operator.id }));
}

export async function operatorPage(
  services: PlatformServices,
  page: { offset: number; limit: number },
): Promise<{ items: OperatorView[]; total: number }> {
  const { items, total } = await listOperators(services.db, page);
  return { items: items.map(operatorView), total };
}

/** A second factor as typed: six digits against the authenticator, else a recovery code. */
async function checkSecondFactor(
  services: PlatformServices,
  operator: OperatorRecord,
  code: string,
  now: number,
): Promise<boolean> {
  const digits = normaliseTotpCode(code);
  if (digits !== null) {
    if (operator.totpSecret === null) return false;
    const secret = totpBox(services).open(operator.totpSecret, secretContext(operator.id));
    const step = totpStep(secret, digits, now);
    return step !== null && (await claimTotpStep(services.db, operator.id, step));
  }
  return useRecoveryCode(services.db, operator.id, normaliseRecoveryCode(code), now);
}

/** Refuses (ACCOUNT_LOCKED) while an operator's wrong codes are at their limit. */
async function refuseIfCodesLocked(
  services: PlatformServices,
  key: string,
  now: number,
): Promise<void> {
  const { max, windowMs } = services.limits.operatorCodeFailures;
  const until = belowLimitAt(await services.counters.peek(key, windowMs, now), max, now);
  if (until > now)
    throw new Refusal(ErrorCode.ACCOUNT_LOCKED, {
      vars: { minutes: Math.max(1, Math.ceil((until - now) / MS_PER_MINUTE)) },
    });
}

/**
 * Signs an operator in. Before enrolment the password alone gives a session that may only set up
 * the authenticator; after it, the password and a code (TOTP or recovery) give a full session.
 * Failures count per operator name and client address, and per address, like members' logins
 * (loginFailureKeys): failures sent from one address never lock the operator out of another.
 * Wrong codes sent with the right password also count per operator, from any address
 * (limits.operatorCodeFailures), so a holder of the password cannot guess codes from many
 * addresses. An unknown or disabled operator costs the same argon2 work and gets the same answer
 * as a wrong password. Each failure writes an `operator.sign_in_failed` audit row (never the
 * password or the code).
 */
export async function signIn(
  services: PlatformServices,
  input: { username: string; password: string; code?: string | undefined },
  where: { ip: string; now: number },
): Promise<{ token: string; operator: OperatorView }> {
  const { now } = where;
  const username = operatorNameKey(input.username);
  const keys = {
    account: `operator-login-fail:${username}:ip:${where.ip}`,
    ip: `login-fail:ip:${where.ip}`,
  };
  await refuseIfLocked(services, keys, now);
  const found = await operatorByName(services.db, username);
  const operator = found?.disabledAt === null ? found : undefined;
  const valid = await verifyPassword(
    input.password,
    operator?.passwordHash ?? (await dummyPasswordHash()),
  );
  if (!operator || !valid) {
    await auditFailedSignIn(services, found, username, 'password', where);
    return recordLoginFailure(services, keys, now, new Refusal(ErrorCode.INVALID_CREDENTIALS));
  }

  let stage: OperatorSessionStage = 'enrolment';
  if (operator.enrolledAt !== null) {
    const code = input.code?.trim() ?? '';
    if (code === '') throw new Refusal(ErrorCode.OPERATOR_CODE_REQUIRED);
    const codeKey = `operator-code-fail:${operator.id}`;
    await refuseIfCodesLocked(services, codeKey, now);
    if (!(await checkSecondFactor(services, operator, code, now))) {
      await auditFailedSignIn(services, operator, username, 'code', where);
      await services.counters.hit(codeKey, services.limits.operatorCodeFailures.windowMs, now);
      await refuseIfCodesLocked(services, codeKey, now);
      return recordLoginFailure(services, keys, now, new Refusal(ErrorCode.CODE_INVALID));
    }
    stage = 'full';
  }
  await services.counters.clear(keys.account);
  const token = await services.db.transaction().execute(async (trx) => {
    await updateOperator(trx, operator.id, { last_login_at: now });
    await writeAudit(trx, {
      actor: `operator:${operator.id}`,
      action: 'operator.signed_in',
      subjectType: 'operator',
      subjectId: operator.id,
      data: { stage, ip: where.ip },
      at: now,
    });
    return new OperatorSessions(trx).create(operator.id, stage, now, trx);
  });
  return { token, operator: operatorView({ ...operator, lastLoginAt: now }) };
}

/**
 * The audit row of a failed sign-in, written by the server (actor `system`): about the operator
 * when the name is one (disabled or not), else about the name as typed (subject `operator_name`,
 * cut to 64 characters); with what failed and the address, never the password or the code. An
 * address past its limit is refused before this, so one address cannot flood the log.
 */
async function auditFailedSignIn(
  services: PlatformServices,
  operator: OperatorRecord | undefined,
  username: string,
  failed: 'password' | 'code',
  where: { ip: string; now: number },
): Promise<void> {
  await writeAudit(services.db, {
    actor: 'system',
    action: 'operator.sign_in_failed',
    ...(operator
      ? { subjectType: 'operator', subjectId: operator.id }
      : { subjectType: 'operator_name', subjectId: username.slice(0, 64) }),
    data: { failed, ip: where.ip },
    at: where.now,
  });
}

/**
 * Starts (or restarts) enrolment: a new secret, kept sealed until a code confirms it. Refused
 * (FORBIDDEN) once the operator is enrolled: only a reset (which ends every session) sets
 * two-factor up again, so an old enrolment session cannot replace the authenticator.
 */
export async function startEnrolment(
  services: PlatformServices,
  operatorId: number,
): Promise<{ secret: string; uri: string }> {
  const operator = await findOperator(services, { id: operatorId });
  if (operator.enrolledAt !== null) throw new Refusal(ErrorCode.FORBIDDEN);
  const secret = newTotpSecret();
  await updateOperator(services.db, operator.id, {
    totp_pending: totpBox(services).seal(secret, secretContext(operator.id)),
  });
  return { secret, uri: totpUri(secret, operator.username) };
}

/**
 * Confirms enrolment with a code of the new secret: two-factor is on, the session becomes a full
 * one, the operator's other enrolment sessions end, and the recovery codes are returned (once).
 * Refused (FORBIDDEN, nothing changed) once the operator is enrolled, also when another session
 * completed enrolment a moment before.
 */
export async function confirmEnrolment(
  services: PlatformServices,
  session: { operatorId: number; tokenHash: string },
  code: string,
  now: number,
): Promise<{ operator: OperatorView; recoveryCodes: string[] }> {
  const operator = await findOperator(services, { id: session.operatorId });
  if (operator.enrolledAt !== null) throw new Refusal(ErrorCode.FORBIDDEN);
  const digits = normaliseTotpCode(code);
  if (digits === null) throw validationRefusal('code_invalid_format');
  if (operator.totpPending === null) throw new Refusal(ErrorCode.CODE_INVALID);
  const box = totpBox(services);
  const secret = box.open(operator.totpPending, secretContext(operator.id));
  const step = totpStep(secret, digits, now);
  if (step === null) throw new Refusal(ErrorCode.CODE_INVALID);
  const shown = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const sealed = operator.totpPending;
  await services.db.transaction().execute(async (trx) => {
    const enrolled = await completeEnrolment(trx, operator.id, {
      totp_secret: sealed,
      totp_last_step: step,
      enrolled_at: now,
    });
    if (!enrolled) throw new Refusal(ErrorCode.FORBIDDEN);
    await replaceRecoveryCodes(trx, operator.id, shown.map(normaliseRecoveryCode));
    const sessions = new OperatorSessions(trx);
    await sessions.promote(session.tokenHash, trx);
    await sessions.revokeOtherEnrolments(operator.id, session.tokenHash, now, trx);
    await writeAudit(trx, {
      actor: `operator:${operator.id}`,
      action: 'operator.enrolled',
      subjectType: 'operator',
      subjectId: operator.id,
      data: {},
      at: now,
    });
  });
  return {
    operator: operatorView(await findOperator(services, { id: operator.id })),
    recoveryCodes: shown,
  };
}
