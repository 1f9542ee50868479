import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { isWalletChange, payoutNetworkName, validatePayoutWallet } from '@nimbus/domain';
import { confirmIdentity } from '../accounts/calls/index.ts';
import { userActor, writeAudit } from '../audit/index.ts';
import { Refusal, validationRefusal } from '../errors/refusal.ts';
import { callerOf, type CallContext } from '../http/handler.ts';
import { deliverQueuedMail, queueMail } from '../mail/index.ts';
import { findUserById, lockUser } from '../accounts/index.ts';
import { findWallet, saveWallet } from './wallet-store.ts';

/** 2026-11-26 15:04, the time in a notice (UTC). */
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

// POST /api/system/system_kol_wallet_update
/**
 * A KOL sets or changes the wallet payouts go to, confirmed by the password or a fresh code
 * (purpose payout_wallet). The change, its audit row and the notice to the account's e-mail
 * address are one transaction; the notice is sent right after (and by the jobs if that fails).
 * Payouts made from then on go to the new wallet and record it. The same wallet again changes
 * nothing and sends nothing.
 */
export async function updateKolWallet(
  input: RequestOf<'systemKolWalletUpdate'>,
  ctx: CallContext,
): Promise<ResponseOf<'systemKolWalletUpdate'>> {
  const { services, now } = ctx;
  const user = await findUserById(services.db, callerOf(ctx).userId);
  if (!user) throw new Refusal(ErrorCode.UNAUTHORIZED);
  if (user.is_kol !== 1) throw new Refusal(ErrorCode.NOT_KOL);
  const wallet = validatePayoutWallet(input.wallet);
  if (!wallet.ok) throw validationRefusal(wallet.error);
  const codeId = await confirmIdentity(ctx, user, input, 'payout_wallet');

  const saved = await services.db.transaction().execute(async (trx) => {
    if (codeId !== undefined && !(await services.codes.consume(codeId, now, trx)))
      throw new Refusal(ErrorCode.CODE_INVALID);
    await lockUser(trx, services.dialect, user.id);
    const current = await findWallet(trx, user.id);
    if (current && !isWalletChange(current, wallet.value)) return current;
    await saveWallet(trx, user.id, wallet.value, { by: userActor(user.id), now });
    await writeAudit(trx, {
      actor: userActor(user.id),
      action: 'kol.wallet_changed',
      subjectType: 'user',
      subjectId: user.id,
      data: {
        before: current ? { network: current.network, address: current.address } : null,
        after: wallet.value,
      },
      at: now,
    });
    if (user.email) {
      await queueMail(trx, {
        to: user.email,
        language: user.language,
        kind: 'kol_wallet_changed',
        vars: {
          network: payoutNetworkName(wallet.value.network),
          address: wallet.value.address,
          time: utcMinute(now),
        },
        now,
      });
    }
    return { network: wallet.value.network, address: wallet.value.address, updated_at: now };
  });
  await deliverQueuedMail(services, now).catch((error: unknown) =>
    ctx.request.log.warn({ err: error }, 'notice e-mail not sent yet'),
  );
  return {
    network: wallet.value.network,
    address: saved.address,
    updatedAt: saved.updated_at,
  };
}
