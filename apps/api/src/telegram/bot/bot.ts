import { hasActiveMembership, trafficCycleStartDay, trafficThisCycle } from '@nimbus/domain';
import { formatBytes, formatDateTime, translator } from '@nimbus/i18n/server';
import { Bot, type Context } from 'grammy';
import type { Language } from '@nimbus/domain';
import { userActor, writeAudit } from '../../audit/index.ts';
import { dailyTrafficOf } from '../../nodes/index.ts';
import type { PlatformServices } from '../../platform/platform-services.ts';
import { currentStatus } from '../../third-party/index.ts';
import { findUserById, maskedAccount, membershipOf } from '../../accounts/index.ts';
import { chatLanguage } from './bot-texts.ts';
import { redeemLinkCode } from './link-codes.ts';
import { deleteLinkOfUser, linkOfChat, saveLink } from '../store.ts';

/**
 * The bot's conversation (README.md): `/start <code>` links the chat to the member who opened
 * the link, `/status` says the plan, its end and this month's traffic, `/sub` sends the
 * subscription link (private chats only), `/unlink` ends the link; anything else gets the help.
 * Replies are in the member's language once linked.
 */
export function createBot(services: PlatformServices, clock: () => number): Bot {
  const { botToken, apiRoot } = services.config.telegram;
  if (!botToken) throw new Error('createBot without TELEGRAM_BOT_TOKEN');
  const bot = new Bot(botToken, { client: { apiRoot } });
  const db = services.db;

  /** The member this chat is linked to, with the language to answer in. */
  async function memberOf(ctx: Context) {
    const chatId = ctx.chat ? String(ctx.chat.id) : undefined;
    const link = chatId ? await linkOfChat(db, chatId) : undefined;
    const user = link ? await findUserById(db, link.user_id) : undefined;
    const language = chatLanguage(user?.language, ctx.from?.language_code);
    return { user: user?.deleted_at ? undefined : user, language, t: translator(language) };
  }

  const when = (at: number, language: Language) =>
    `${formatDateTime(at, language, { timeZone: 'UTC' })} UTC`;

  bot.command('start', async (ctx) => {
    const { t } = await memberOf(ctx);
    if (ctx.chat.type !== 'private') return void (await ctx.reply(t('telegram:private_only')));
    const code = ctx.match.trim();
    if (code === '') return void (await ctx.reply(t('telegram:welcome')));
    const now = clock();
    const userId = await db.transaction().execute(async (trx) => {
      const id = await redeemLinkCode(trx, code, now);
      if (id === undefined) return undefined;
      await saveLink(trx, {
        userId: id,
        chatId: String(ctx.chat.id),
        username: ctx.from?.username ?? null,
        now,
      });
      await writeAudit(trx, {
        actor: userActor(id),
        action: 'telegram.linked',
        subjectType: 'user',
        subjectId: id,
        data: { username: ctx.from?.username ?? null },
        at: now,
      });
      return id;
    });
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    if (!user) return void (await ctx.reply(t('telegram:link_invalid')));
    const language = chatLanguage(user.language, undefined);
    await ctx.reply(translator(language)('telegram:linked', { account: maskedAccount(user) }));
  });

  bot.command('status', async (ctx) => {
    const { user, language, t } = await memberOf(ctx);
    if (!user) return void (await ctx.reply(t('telegram:not_linked')));
    const now = clock();
    const membership = membershipOf(user);
    const lines: string[] = [];
    for (const [plan, end] of [
      ['standard', membership.standardExpiresAt],
      ['lite', membership.liteExpiresAt],
    ] as const)
      if (end !== null && end > now)
        lines.push(
          t('telegram:status_plan', { plan: t(`mail:plan_${plan}`), until: when(end, language) }),
        );
    if (!hasActiveMembership(membership, now)) lines.push(t('telegram:status_none'));
    const used = trafficThisCycle(
      await dailyTrafficOf(db, user.id, trafficCycleStartDay(now)),
      now,
    );
    lines.push(
      t('telegram:status_traffic', { used: formatBytes(used.upload + used.download, language) }),
    );
    await ctx.reply(lines.join('\n'));
  });

  bot.command('sub', async (ctx) => {
    const { user, t } = await memberOf(ctx);
    // The link is a credential: never into a group, where others read it.
    if (ctx.chat.type !== 'private') return void (await ctx.reply(t('telegram:private_only')));
    if (!user) return void (await ctx.reply(t('telegram:not_linked')));
    const status = await currentStatus(services, user.id, clock());
    if (!status.subscription)
      return void (await ctx.reply(
        t('telegram:sub_off', { url: `${services.config.publicUrl}/user/third-party` }),
      ));
    await ctx.reply(t('telegram:sub_link', { url: status.subscription.base64 }));
  });

  bot.command('unlink', async (ctx) => {
    const { user, t } = await memberOf(ctx);
    if (!user) return void (await ctx.reply(t('telegram:not_linked')));
    const now = clock();
    await db.transaction().execute(async (trx) => {
      await deleteLinkOfUser(trx, user.id);
      await writeAudit(trx, {
        actor: userActor(user.id),
        action: 'telegram.unlinked',
        subjectType: 'user',
        subjectId: user.id,
        data: { source: 'telegram' },
        at: now,
      });
    });
    await ctx.reply(t('telegram:unlinked'));
  });

  bot.on('message', async (ctx) => {
    const { t } = await memberOf(ctx);
    if (ctx.chat.type === 'private') await ctx.reply(t('telegram:help'));
  });
  return bot;
}
