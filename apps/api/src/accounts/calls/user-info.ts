import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { checkFreeTrial } from '@nimbus/domain';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { inviteLinkOf } from '../invite-link.ts';
import { findUserById } from '../store.ts';
import { deviceCountOfUser } from '../../devices/index.ts';
import { deviceUsedTrial } from '../../membership/index.ts';

// POST /api/system/system_user_info
/** system_user_info (signed): the current user as the apps show it. */
export async function userInfo(
  _input: RequestOf<'systemUserInfo'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemUserInfo'>> {
  const { db } = ctx.services;
  const { userId } = callerOf(ctx);
  const user = await findUserById(db, userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
  const [devices, deviceTrial] = await Promise.all([
    deviceCountOfUser(db, userId),
    deviceUsedTrial(db, ctx.deviceId, 'free'),
  ]);
  return {
    userId: String(user.id),
    username: user.username_display,
    email: user.email,
    phone: user.phone,
    inviteCode: user.invite_code,
    inviteLink: inviteLinkOf(user.invite_code),
    standardExpireTime: user.standard_expires_at ?? 0,
    liteExpireTime: user.lite_expires_at ?? 0,
    yearlyPaidUser: user.yearly_paid_user === 1 ? 1 : 0,
    benefitsExpireTime: user.benefits_expires_at ?? 0,
    deviceLimit: user.devices_allowed,
    deviceCount: Number(devices.n),
    isKol: user.is_kol === 1,
    hasTrialAvailable: checkFreeTrial({
      accountUsedTrial: user.trial_used === 1,
      deviceUsedTrial: deviceTrial,
    }).ok,
    thirdPartyEnabled: user.third_party_enabled === 1,
    registeredAt: user.created_at,
  };
}
