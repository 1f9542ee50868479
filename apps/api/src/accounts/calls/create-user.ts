import { ErrorCode } from '@nimbus/api-sdk/contract';
import { LanguageHeader, validatePassword } from '@nimbus/domain';
import { writeAudit } from '../../audit/index.ts';
import { Refusal, validationRefusal } from '../../errors/refusal.ts';
import { operatorOf, type AdminHandler } from '../../http/console-handler.ts';
import { hashPassword } from '../../security/passwords.ts';
import { parseAccountName } from '../account-name.ts';
import { accountTaken, insertUser, newInviteCode, uniqueViolationColumn } from '../store.ts';
import { queueWebhookEvent } from '../../webhooks/index.ts';

const taken = (column: string) =>
  new Refusal(column === 'username' ? ErrorCode.USERNAME_TAKEN : ErrorCode.ACCOUNT_EXISTS);

// POST /api/admin/user_create
/**
 * A member account made by an operator or a reseller's token (users.manage): the same account
 * rules as registration (domain username, e-mail, phone and password rules), no verification
 * code (the caller vouches for it), no inviter and no trial. Audited (`user.created`) and sent
 * as the `user.created` webhook event with `source: console`.
 */
export const adminUserCreate: AdminHandler<'adminUserCreate'> = async (input, ctx) => {
  const { db } = ctx.services;
  const operator = operatorOf(ctx);
  const account = parseAccountName(input.channel, input.account);
  const password = validatePassword(input.password);
  if (!password.ok) throw validationRefusal(password.error);
  if (await accountTaken(db, account)) throw taken(account.column);
  const language = LanguageHeader[input.language ?? ctx.language];
  const passwordHash = await hashPassword(password.value);
  const inviteCode = await newInviteCode(db);
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const id = await insertUser(
        trx,
        { account, passwordHash, language, inviteCode, inviterId: null },
        ctx.now,
      );
      await writeAudit(trx, {
        actor: operator.actor,
        action: 'user.created',
        subjectType: 'user',
        subjectId: id,
        data: { accountType: account.column, by: operator.username },
        at: ctx.now,
      });
      await queueWebhookEvent(trx, {
        type: 'user.created',
        data: {
          userId: String(id),
          source: 'console',
          accountType: account.column,
          language,
          invited: false,
        },
        now: ctx.now,
      });
      return id;
    });
    return { userId: String(userId) };
  } catch (error) {
    const column = uniqueViolationColumn(error);
    if (column !== undefined && /username|email|phone/.test(column))
      throw taken(column.includes('username') ? 'username' : 'email');
    throw error;
  }
};
