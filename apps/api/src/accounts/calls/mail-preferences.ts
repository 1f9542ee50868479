import { ErrorCode, type RequestOf, type ResponseOf } from '@nimbus/api-sdk/contract';
import { MAIL_CATEGORIES, type MailCategory } from '@nimbus/domain';
import { userActor, writeAudit } from '../../audit/index.ts';
import type { Db } from '../../db/database.ts';
import { Refusal } from '../../errors/refusal.ts';
import { callerOf, type CallContext } from '../../http/handler.ts';
import { findUserById } from '../store.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { optedOutCategories, setOptOut, unsubscribeTokens } from '../../mail/index.ts';

async function preferences(db: Db, userId: number): Promise<ResponseOf<'userMailPreferences'>> {
  const off = await optedOutCategories(db, userId);
  return {
    categories: MAIL_CATEGORIES.map((category) => ({ category, subscribed: !off.has(category) })),
  };
}

// POST /api/user/user_mail_preferences
/** The optional notice categories and whether the member gets each (the account centre). */
export async function mailPreferences(
  _input: RequestOf<'userMailPreferences'>,
  ctx: CallContext,
): Promise<ResponseOf<'userMailPreferences'>> {
  return preferences(ctx.services.db, callerOf(ctx).userId);
}

async function choose(
  db: Db,
  userId: number,
  category: MailCategory,
  subscribed: boolean,
  source: 'account' | 'link',
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setOptOut(trx, userId, category, !subscribed, now);
    await writeAudit(trx, {
      actor: userActor(userId),
      action: subscribed ? 'mail.subscribed' : 'mail.unsubscribed',
      subjectType: 'user',
      subjectId: userId,
      data: { category, source },
      at: now,
    });
  });
}

// POST /api/user/user_mail_preferences_update
/** The member turns a category on or off in the account centre. */
export async function updateMailPreferences(
  input: RequestOf<'userMailPreferencesUpdate'>,
  ctx: CallContext,
): Promise<ResponseOf<'userMailPreferencesUpdate'>> {
  const { userId } = callerOf(ctx);
  await choose(ctx.services.db, userId, input.category, input.subscribed, 'account', ctx.now);
  return preferences(ctx.services.db, userId);
}

/**
 * The unsubscribe link of a notice, no login needed: the signed token names the member and the
 * category, which is turned off (again: nothing changes). A token this server did not sign, or
 * of an account that no longer exists, is MAIL_LINK_INVALID and changes nothing.
 */
export async function unsubscribeByToken(
  services: Pick<PlatformServices, 'db' | 'secret'>,
  token: string,
  now: number,
): Promise<MailCategory> {
  const named = unsubscribeTokens(services).verify(token);
  if (!named) throw new Refusal(ErrorCode.MAIL_LINK_INVALID);
  const user = await findUserById(services.db, named.userId);
  if (!user) throw new Refusal(ErrorCode.MAIL_LINK_INVALID);
  await choose(services.db, named.userId, named.category, false, 'link', now);
  return named.category;
}

// POST /api/user/user_mail_unsubscribe
export async function mailUnsubscribe(
  input: RequestOf<'userMailUnsubscribe'>,
  ctx: CallContext,
): Promise<ResponseOf<'userMailUnsubscribe'>> {
  return { category: await unsubscribeByToken(ctx.services, input.token, ctx.now) };
}
