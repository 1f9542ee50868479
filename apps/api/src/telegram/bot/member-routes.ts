import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { userActor, writeAudit } from '../../audit/index.ts';
import type { Db } from '../../db/database.ts';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { issueLinkCode } from './link-codes.ts';
import { deleteLinkOfUser, linkOfUser, setNotices } from '../store.ts';

type Status = ResponseOf<'userTelegramStatus'>;

async function statusOf(db: Db, userId: number, available: boolean): Promise<Status> {
  const link = await linkOfUser(db, userId);
  return {
    available,
    linked: link !== undefined,
    username: link?.username ?? null,
    linkedAt: link?.linked_at ?? null,
    notices: link?.notices === 1,
  };
}

const available = (ctx: CallContext) => ctx.services.config.telegram.botToken !== undefined;

// POST /api/user/user_telegram_status
/** The member's Telegram link (the account centre's card). */
export async function telegramStatus(
  _input: RequestOf<'userTelegramStatus'>,
  ctx: CallContext,
): Promise<Status> {
  return statusOf(ctx.services.db, callerOf(ctx).userId, available(ctx));
}

// POST /api/user/user_telegram_link
/**
 * A one-time `t.me/<bot>?start=<code>` link for 10 minutes (a new one replaces the last):
 * opening it and pressing Start links that chat. TELEGRAM_UNAVAILABLE without a bot.
 */
export async function telegramLink(
  _input: RequestOf<'userTelegramLink'>,
  ctx: CallContext,
): Promise<ResponseOf<'userTelegramLink'>> {
  const { botUsername } = ctx.services.config.telegram;
  if (!available(ctx) || !botUsername) throw new Refusal(ErrorCode.TELEGRAM_UNAVAILABLE);
  const { userId } = callerOf(ctx);
  const { code, expiresAt } = await ctx.services.db
    .transaction()
    .execute((trx) => issueLinkCode(trx, userId, ctx.now));
  return { url: `https://t.me/${botUsername}?start=${code}`, expiresAt };
}

// POST /api/user/user_telegram_unlink
/** Unlinks the chat (one click; linking again needs a new link). Unlinked: the status as is. */
export async function telegramUnlink(
  _input: RequestOf<'userTelegramUnlink'>,
  ctx: CallContext,
): Promise<Status> {
  const { userId } = callerOf(ctx);
  await ctx.services.db.transaction().execute(async (trx) => {
    if (await deleteLinkOfUser(trx, userId))
      await writeAudit(trx, {
        actor: userActor(userId),
        action: 'telegram.unlinked',
        subjectType: 'user',
        subjectId: userId,
        data: { source: 'account' },
        at: ctx.now,
      });
  });
  return statusOf(ctx.services.db, userId, available(ctx));
}

// POST /api/user/user_telegram_notices
/** Notices to the linked chat on or off; TELEGRAM_NOT_LINKED without a chat. */
export async function telegramNotices(
  input: RequestOf<'userTelegramNotices'>,
  ctx: CallContext,
): Promise<Status> {
  const { userId } = callerOf(ctx);
  await ctx.services.db.transaction().execute(async (trx) => {
    if (!(await setNotices(trx, userId, input.notices)))
      throw new Refusal(ErrorCode.TELEGRAM_NOT_LINKED);
    await writeAudit(trx, {
      actor: userActor(userId),
      action: input.notices ? 'telegram.notices_on' : 'telegram.notices_off',
      subjectType: 'user',
      subjectId: userId,
      data: {},
      at: ctx.now,
    });
  });
  return statusOf(ctx.services.db, userId, available(ctx));
}
