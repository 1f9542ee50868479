import {
  ErrorCode,
  type RequestOf,
  type ResponseOf,
  type ThirdPartyStatus,
} from '@nimbus/api-sdk/contract';
import {
  disableThirdPartyClient,
  enableThirdPartyClient,
  hasActiveMembership,
  thirdPartyCooldown,
  thirdPartySpeedLimitMbps,
  type Language,
} from '@nimbus/domain';
import { formatDateTime } from '@nimbus/i18n/server';
import { findUserById, lockUser, membershipOf, updateAccount } from '../accounts/index.ts';
import { userActor, writeAudit } from '../audit/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { readSwitch, stateOf, writeDisabled, writeEnabled, type SwitchRow } from './store.ts';
import { subscriptionLinks } from './subscription-links.ts';
import { activeToken, issueToken, tokenSecrets, type ActiveToken } from './subscription-tokens.ts';

/**
 * The third-party client switch: enable (once within 7 days, needs running membership, sets
 * the 10 Mbps limit), disable, reset the link, and the status the page shows. The rules are
 * the domain's (third-party-client.ts); this file keeps the database in step with them: each
 * change runs in one transaction on the locked user row, writes the switch only if it still
 * holds what the rule was checked against, mirrors it into users.third_party_enabled and leaves
 * an audit row.
 */

function statusOf(
  services: PlatformServices,
  row: SwitchRow | undefined,
  token: ActiveToken | undefined,
  now: number,
): ThirdPartyStatus {
  const state = stateOf(row);
  return {
    enabled: state.enabled,
    enabledAt: state.enabled ? (row?.enabled_at ?? null) : null,
    nextEnableAt: thirdPartyCooldown(state, now).availableAt,
    speedLimitMbps: thirdPartySpeedLimitMbps(state) ?? 0,
    subscription:
      state.enabled && token ? subscriptionLinks(services.config.publicUrl, token.token) : null,
  };
}

/** The member's third-party client status (also read by the Telegram bot's /sub). */
export async function currentStatus(
  services: PlatformServices,
  userId: number,
  now: number,
): Promise<ThirdPartyStatus> {
  const [row, token] = await Promise.all([
    readSwitch(services.db, userId),
    activeToken(services.db, tokenSecrets(services.secret), userId),
  ]);
  return statusOf(services, row, token, now);
}

/**
 * "Jan 12, 2026, 8:00 AM UTC": the server does not know the reader's time zone, so it says which
 * one it uses.
 */
function instantText(at: number, language: Language): string {
  return `${formatDateTime(at, language, { timeZone: 'UTC' })} UTC`;
}

// POST /api/system/system_third_party_status
/** system_third_party_status */
export async function thirdPartyStatus(
  _input: RequestOf<'systemThirdPartyStatus'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemThirdPartyStatus'>> {
  return currentStatus(ctx.services, callerOf(ctx).userId, ctx.now);
}

// POST /api/system/system_third_party_enable
/**
 * system_third_party_enable. Enabling an enabled client changes nothing and answers the status
 * (a double click is not an error); within the cool-down it is THIRD_PARTY_COOLDOWN with the
 * date in the message and in the status's nextEnableAt.
 */
export async function thirdPartyEnable(
  _input: RequestOf<'systemThirdPartyEnable'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemThirdPartyEnable'>> {
  const { services, now, language } = ctx;
  const { userId } = callerOf(ctx);
  const box = tokenSecrets(services.secret);
  await services.db.transaction().execute(async (trx) => {
    await lockUser(trx, services.dialect, userId);
    const user = await findUserById(trx, userId);
    if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
    const row = await readSwitch(trx, userId);
    const decision = enableThirdPartyClient(stateOf(row), now);
    if (!decision.ok) {
      if (decision.error === 'already_enabled') return;
      const availableAt = Number(decision.params?.availableAt ?? now);
      throw new Refusal(ErrorCode.THIRD_PARTY_COOLDOWN, {
        vars: { date: instantText(availableAt, language) },
      });
    }
    if (!hasActiveMembership(membershipOf(user), now))
      throw new Refusal(ErrorCode.MEMBERSHIP_REQUIRED);

    const next = {
      enabled: 1,
      enabled_at: now,
      last_enabled_at: decision.value.lastEnabledAt,
      updated_at: now,
    };
    // Compare-and-set on what the rule saw: a racing enable that got there first makes this
    // write nothing, and then this call changes nothing either.
    const written = await writeEnabled(trx, userId, row, next);
    if (written === 0) return;
    await updateAccount(trx, userId, { thirdPartyEnabled: true }, now);
    const token =
      (await activeToken(trx, box, userId)) ?? (await issueToken(trx, box, userId, now));
    await writeAudit(trx, {
      actor: userActor(userId),
      action: 'third_party.enabled',
      subjectType: 'user',
      subjectId: userId,
      at: now,
      data: {
        previousEnabledAt: row?.last_enabled_at ?? null,
        tokenHashPrefix: token.tokenHash.slice(0, 8),
      },
    });
  });
  return currentStatus(services, userId, now);
}

// POST /api/system/system_third_party_disable
/**
 * system_third_party_disable: always allowed; the 7-day clock keeps running from the last enable.
 */
export async function thirdPartyDisable(
  _input: RequestOf<'systemThirdPartyDisable'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemThirdPartyDisable'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  await services.db.transaction().execute(async (trx) => {
    await lockUser(trx, services.dialect, userId);
    const row = await readSwitch(trx, userId);
    const state = stateOf(row);
    if (!state.enabled) return;
    const next = disableThirdPartyClient(state);
    if ((await writeDisabled(trx, userId, next.enabled, now)) === 0) return;
    await updateAccount(trx, userId, { thirdPartyEnabled: false }, now);
    await writeAudit(trx, {
      actor: userActor(userId),
      action: 'third_party.disabled',
      subjectType: 'user',
      subjectId: userId,
      at: now,
      data: { enabledAt: row?.enabled_at ?? null },
    });
  });
  return currentStatus(services, userId, now);
}

// POST /api/system/system_third_party_reset
/** system_third_party_reset: a new link while enabled; the old one at once serves "link reset". */
export async function thirdPartyReset(
  _input: RequestOf<'systemThirdPartyReset'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemThirdPartyReset'>> {
  const { services, now } = ctx;
  const { userId } = callerOf(ctx);
  await services.db.transaction().execute(async (trx) => {
    await lockUser(trx, services.dialect, userId);
    if (!stateOf(await readSwitch(trx, userId)).enabled)
      throw new Refusal(ErrorCode.THIRD_PARTY_NOT_ENABLED);
    const token = await issueToken(trx, tokenSecrets(services.secret), userId, now);
    await writeAudit(trx, {
      actor: userActor(userId),
      action: 'third_party.link_reset',
      subjectType: 'user',
      subjectId: userId,
      at: now,
      data: { tokenHashPrefix: token.tokenHash.slice(0, 8) },
    });
  });
  return currentStatus(services, userId, now);
}
