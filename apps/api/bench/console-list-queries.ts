// The operator console's list calls for the scale bench (bench/scale.ts) and the CI plan check
// (test/list-query-plans.test.ts): each list with the filters support and finance use, asked by an
// admin operator (every permission) of the bench's own, for the heaviest subjects of the seeded
// data (bench/seed.ts: the heaviest user, every tenth order in the audit log, redeem code batches).
import type { AdminEndpointName } from '@nimbus/api-sdk/contract';
import { SEARCH_TOTAL_CAP } from '@nimbus/domain';
import { insertOperator, OperatorSessions, operatorByName } from '../src/operators/index.ts';
import type { Db } from '../src/db/database.ts';

/** What the console's calls ask about, read from the seeded database (consoleSubjects). */
/** A console list call, made by a signed-in admin operator. */
export interface ConsoleListCall {
  name: string;
  adminEndpoint: AdminEndpointName;
  body: Record<string, unknown>;
}

export interface ConsoleSubjects {
  heaviestUserId: number;
  groupCreatorId: number;
  /** An e-mail address of a seeded account. */
  email: string;
  /** The seeded time span's end (the seed's `now`). */
  now: number;
}

const MS_PER_DAY = 86_400_000;

/** The seeded subjects the console's calls ask about. */
export async function consoleSubjects(
  db: Db,
  seed: { heaviestUserId: number; groupCreatorId: number; now: number },
): Promise<ConsoleSubjects> {
  const withEmail = await db
    .selectFrom('users')
    .select('email')
    .where('email', 'is not', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    heaviestUserId: seed.heaviestUserId,
    groupCreatorId: seed.groupCreatorId,
    email: withEmail.email ?? '',
    now: seed.now,
  };
}

/**
 * A signed-in admin operator's token (the operator `bench`, created once per database): the
 * console's calls are made with it.
 */
export async function benchOperatorToken(db: Db, now: number): Promise<string> {
  const found = await operatorByName(db, 'bench');
  const id =
    found?.id ??
    (await insertOperator(db, {
      username: 'bench',
      role: 'admin',
      passwordHash: '!bench',
      createdBy: 'ops:bench',
      now,
    }));
  return new OperatorSessions(db).create(id, 'full', now);
}

/** The console's lists, heaviest first within each screen. */
export function consoleListCalls(s: ConsoleSubjects): ConsoleListCall[] {
  const lastPage = Math.ceil(SEARCH_TOTAL_CAP / 20);
  const month = { from: s.now - 30 * MS_PER_DAY, to: s.now };
  const call = (
    name: string,
    adminEndpoint: ConsoleListCall['adminEndpoint'],
    body: Record<string, unknown>,
  ): ConsoleListCall => ({ name: `console: ${name}`, adminEndpoint, body });
  return [
    call('users, page 1', 'adminUserSearch', { page: 1, pageSize: 20 }),
    call(`users, page ${lastPage}`, 'adminUserSearch', { page: lastPage, pageSize: 20 }),
    call('users by id', 'adminUserSearch', {
      query: String(s.heaviestUserId),
      page: 1,
      pageSize: 20,
    }),
    call('users by e-mail', 'adminUserSearch', { query: s.email, page: 1, pageSize: 20 }),
    call('users by e-mail prefix', 'adminUserSearch', { query: 'user1*', page: 1, pageSize: 20 }),
    call('users suspended', 'adminUserSearch', { suspendedOnly: true, page: 1, pageSize: 20 }),
    call('orders, page 1', 'adminOrderSearch', { page: 1, pageSize: 20 }),
    call(`orders, page ${lastPage}`, 'adminOrderSearch', { page: lastPage, pageSize: 20 }),
    call('orders paid', 'adminOrderSearch', { status: 'paid', page: 1, pageSize: 20 }),
    call('orders by provider', 'adminOrderSearch', { provider: 'crypto', page: 1, pageSize: 20 }),
    call('orders paid by provider in a month', 'adminOrderSearch', {
      status: 'paid',
      provider: 'crypto',
      ...month,
      page: 1,
      pageSize: 20,
    }),
    call('orders in a month', 'adminOrderSearch', { ...month, page: 1, pageSize: 20 }),
    call('orders of the heaviest user', 'adminOrderSearch', {
      userId: String(s.heaviestUserId),
      page: 1,
      pageSize: 20,
    }),
    call('audit log, page 1', 'adminAuditSearch', { page: 1, pageSize: 20 }),
    call(`audit log, page ${lastPage}`, 'adminAuditSearch', { page: lastPage, pageSize: 20 }),
    call('audit by actor', 'adminAuditSearch', { actor: 'system', page: 1, pageSize: 20 }),
    call('audit by operator', 'adminAuditSearch', { actor: 'operator:1', page: 1, pageSize: 20 }),
    call('audit by action', 'adminAuditSearch', { action: 'order.paid', page: 1, pageSize: 20 }),
    // The server's own rows (almost all of the log) with an action it never takes.
    call('audit by actor and action', 'adminAuditSearch', {
      actor: 'system',
      action: 'user.suspended',
      page: 1,
      pageSize: 20,
    }),
    call('audit by target', 'adminAuditSearch', {
      subjectType: 'user',
      subjectId: String(s.heaviestUserId),
      page: 1,
      pageSize: 20,
    }),
    call('redeem codes, page 1', 'adminRedeemList', { page: 1, pageSize: 20 }),
    call('redeem codes by prefix', 'adminRedeemList', { query: 'RB0001', page: 1, pageSize: 20 }),
    call('promo codes', 'adminPromoList', { page: 1, pageSize: 20 }),
    call('group buys, page 1', 'adminGroupList', { page: 1, pageSize: 20 }),
    call('group buys finished', 'adminGroupList', { state: 'finished', page: 1, pageSize: 20 }),
    call('group buys of a creator', 'adminGroupList', {
      creatorId: String(s.groupCreatorId),
      page: 1,
      pageSize: 20,
    }),
    call('KOLs', 'adminKolList', { page: 1, pageSize: 20 }),
    call('KOL applications', 'adminKolApplications', { page: 1, pageSize: 20 }),
    call('nodes', 'adminNodeList', { page: 1, pageSize: 20 }),
    call('plans', 'adminPlanList', { page: 1, pageSize: 20 }),
    call('benefits', 'adminBenefitList', { page: 1, pageSize: 20 }),
    call('operators', 'adminOperatorList', { page: 1, pageSize: 20 }),
  ];
}
