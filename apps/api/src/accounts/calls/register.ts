import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import {
  checkSelfReferral,
  grantInvitedTrial,
  LanguageHeader,
  msToWholeSeconds,
  NO_MEMBERSHIP,
  validateAgreement,
  validateInviteCode,
  validatePassword,
  validateVerificationCode,
} from '@nimbus/domain';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import type { CallContext } from '../../http/handler.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import type { RegistrationServices } from './registration-hooks.ts';
import { hashPassword } from '../../security/passwords.ts';
import { enforceLimit } from '../../security/enforce-limit.ts';
import { parseAccountName } from '../account-name.ts';
import { deviceIdsOfUser } from '../../devices/index.ts';
import { updateMembership } from '../../membership/index.ts';
import { claimDeviceTrial } from '../../membership/index.ts';
import {
  accountTaken,
  findUserByInviteCode,
  insertAttribution,
  insertUser,
  newInviteCode,
  uniqueViolationColumn,
} from '../store.ts';
import { sessionOriginOf } from '../../http/session-origin.ts';
import { queueWebhookEvent } from '../../webhooks/index.ts';

type Input = RequestOf<'userRegister'>;

/** Attribution values as stored: the contract's keys, cut to the contract's maximum length. */
function attributionRow(userId: number, input: Input, now: number) {
  const a = input.attribution ?? {};
  return {
    user_id: userId,
    gclid: a.gclid ?? null,
    wbraid: a.wbraid ?? null,
    gbraid: a.gbraid ?? null,
    twclid: a.twclid ?? null,
    bd_vid: a.bd_vid ?? null,
    fbclid: a.fbclid ?? null,
    msclkid: a.msclkid ?? null,
    ref: a.ref ?? null,
    ref_action: a.ref_action ?? null,
    captured_at: now,
  };
}

// POST /api/user/user_register
/**
 * Registration by username, e-mail or phone. E-mail and phone need the code sent for purpose
 * `register`; an invite code binds the inviter and, for a verified e-mail or phone, gives the
 * invited trial (once per device, within the anonymous trial's cap per client address).
 * Uniqueness is the database's: of two racing registrations of one name, one succeeds.
 */
export async function register(
  input: Input,
  ctx: CallContext<PlatformServices & RegistrationServices>,
): Promise<ResponseOf<'userRegister'>> {
  const { services, now } = ctx;
  const { db, codes } = services;
  const agreed = validateAgreement(input.agreeTerms);
  if (!agreed.ok) throw new Refusal(ErrorCode.AGREEMENT_REQUIRED);
  const account = parseAccountName(input.channel, input.account);
  const password = validatePassword(input.password);
  if (!password.ok) throw validationRefusal(password.error);
  const invite = validateInviteCode(input.inviteCode);
  if (!invite.ok) throw validationRefusal(invite.error);

  await enforceLimit(
    services.counters,
    `register:ip:${ctx.ip}`,
    services.limits.registrationsPerIp,
    now,
  );

  const inviter = invite.value === null ? undefined : await findUserByInviteCode(db, invite.value);
  if (invite.value !== null && !inviter) throw new Refusal(ErrorCode.INVITE_CODE_INVALID);
  if (inviter) {
    const self = checkSelfReferral(
      {
        accountId: String(inviter.id),
        deviceIds: await deviceIdsOfUser(db, inviter.id),
        walletAddresses: [],
      },
      { accountId: '', deviceIds: [ctx.deviceId], walletAddresses: [] },
    );
    if (!self.ok) throw new Refusal(ErrorCode.SELF_REFERRAL);
  }

  let codeId: number | undefined;
  if (account.column !== 'username') {
    const code = validateVerificationCode(input.code ?? '');
    if (!code.ok) throw validationRefusal(code.error);
    const checked = await codes.check(account.key, 'register', code.value, now);
    if (checked.status === 'locked') throw new Refusal(ErrorCode.CODE_LOCKED);
    if (checked.status !== 'ok') throw new Refusal(ErrorCode.CODE_INVALID);
    codeId = checked.codeId;
  }

  if (await accountTaken(db, account))
    throw new Refusal(
      account.column === 'username' ? ErrorCode.USERNAME_TAKEN : ErrorCode.ACCOUNT_EXISTS,
    );

  // The invited trial needs a verified e-mail or phone, and counts against the anonymous trial's
  // cap per client address (domain grantInvitedTrial): a username costs nothing to make.
  const contactVerified = codeId !== undefined;
  let withinTrialCap: boolean | undefined;
  if (inviter && contactVerified) {
    const limit = services.limits.trialAccountsPerIp;
    withinTrialCap =
      (await services.counters.hit(`trial:ip:${ctx.ip}`, limit.windowMs, now)).count <= limit.max;
  }

  const passwordHash = await hashPassword(password.value);
  const inviteCode = await newInviteCode(db);

  try {
    const result = await db.transaction().execute(async (trx) => {
      if (codeId !== undefined && !(await codes.consume(codeId, now, trx)))
        throw new Refusal(ErrorCode.CODE_INVALID);
      const user = {
        id: await insertUser(
          trx,
          {
            account,
            passwordHash,
            language: LanguageHeader[ctx.language],
            inviteCode,
            inviterId: inviter?.id ?? null,
          },
          now,
        ),
      };
      await insertAttribution(trx, attributionRow(user.id, input, now));
      await queueWebhookEvent(trx, {
        type: 'user.created',
        data: {
          userId: String(user.id),
          source: 'registration',
          accountType: account.column,
          language: LanguageHeader[ctx.language],
          invited: inviter !== undefined && inviter !== null,
        },
        now,
      });
      if (inviter) await services.registration.invited(trx, inviter.id);

      let trialSeconds = 0;
      if (inviter) {
        // Claiming the device's invited trial first makes "once per device" hold under races;
        // it is claimed only when nothing else stands in the way, so a refused trial leaves the
        // device its own.
        const claimed =
          contactVerified && withinTrialCap === true
            ? await claimDeviceTrial(
                trx,
                { deviceId: ctx.deviceId, kind: 'invited', userId: user.id },
                now,
              )
            : undefined;
        const grant = grantInvitedTrial({
          inviteCode: invite.value,
          inviterExists: true,
          contactVerified,
          deviceUsedInvitedTrial: claimed === false,
          withinTrialCap: withinTrialCap === true,
          membership: NO_MEMBERSHIP,
          now,
          minutes: await services.settings.get('trial.invitedMinutes', trx),
        });
        if (grant.ok) {
          await updateMembership(
            trx,
            user.id,
            {
              membership: grant.value.membership,
              devicesAllowed: services.config.trialDevicesAllowed,
            },
            now,
          );
          trialSeconds = msToWholeSeconds(grant.value.durationMs);
        }
      }
      const token = await services.sessions.create(user.id, sessionOriginOf(ctx), now, trx);
      return { userId: user.id, trialSeconds, token };
    });
    ctx.issueToken(result.token);
    return { userId: String(result.userId), trialSeconds: result.trialSeconds };
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column?.includes('username')) throw new Refusal(ErrorCode.USERNAME_TAKEN);
    if (column?.includes('email') || column?.includes('phone'))
      throw new Refusal(ErrorCode.ACCOUNT_EXISTS);
    if (column?.includes('invite_code')) {
      // Two registrations drew the same fresh invite code at once (1 in 32^8): try again.
      return register(input, ctx);
    }
    throw error;
  }
}
