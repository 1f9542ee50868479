import { KOL_PAYOUT_THRESHOLD_MINOR, KolApplicationStatus } from '@nimbus/domain';
import type { Db } from '../db/database.ts';
import type { DialectName } from '../db/dialect.ts';
import { productName } from '../plans/index.ts';
import { listApplications } from './application-store.ts';
import { contactsOf, orderCountDrift } from '../accounts/index.ts';
import { approveKolApplication, declineKolApplication, toApplication } from './kol-applications.ts';
import {
  KolError,
  kolBalances,
  markKol,
  recordPayout,
  unmarkKol,
  type KolBalance,
} from './manage-kols.ts';
import {
  onePositional,
  OpsRefusal,
  OpsUsageError,
  parseFlags,
  requireString,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
} from '../cli/ops-context.ts';
import { subcommands, type SubcommandArgs } from '../cli/subcommands.ts';
import { date, fields, money, table } from '../cli/output.ts';
import { accountOf, findUserRef } from '../cli/user-lookup.ts';
import {
  kolTotalsDrift,
  lineNumbersDrift,
  paidOrdersDrift,
  type KolTotals,
} from './kol-totals-store.ts';
import { rowId } from '../db/row-id.ts';

export const KOL_USAGE = `pnpm ops kol mark <user> --rate=25..100
       pnpm ops kol unmark <user>
       pnpm ops kol list
       pnpm ops kol applications [--status=pending|approved|declined|all]
       pnpm ops kol approve <application> [--rate=25..100]
       pnpm ops kol decline <application> --reason="..."   (reject: the same)
       pnpm ops kol check-totals   (the running totals and kept counts against the ledger; exit 1 on drift)
  (<user>: a user id, e-mail address, +phone number or username; <application>: its number)`;
export const COMMISSIONS_USAGE = 'pnpm ops commissions [--kol=<user>]';
export const PAYOUT_USAGE = 'pnpm ops payout --kol=<user> [--tx=0x<transaction hash>]';

const KOL_OPTIONS = {
  rate: { type: 'string' },
  status: { type: 'string' },
  reason: { type: 'string' },
} as const;

const refusal = (error: unknown): never => {
  if (error instanceof KolError) {
    if (
      error.code === 'rate_out_of_range' ||
      error.code === 'rate_not_whole_percent' ||
      error.code === 'tx_hash_invalid' ||
      error.code === 'reason_required' ||
      error.code === 'text_too_long'
    )
      throw new OpsUsageError(error.message);
    throw new OpsRefusal(error.message);
  }
  throw error;
};

function balanceJson(b: KolBalance) {
  return {
    userId: b.userId,
    account: b.account,
    isKol: b.isKol,
    ratePercent: b.ratePercent,
    currency: b.summary.currency,
    pendingMinor: b.summary.pendingMinor,
    payableMinor: b.summary.payableMinor,
    settledMinor: b.summary.settledMinor,
    progressPercent: b.summary.progressPercent,
    payoutEligible: b.summary.payoutEligible,
    payable: b.payable.map((c) => ({
      orderId: c.order_public_id,
      referredUserId: c.referred_user_id,
      paidMinor: c.paid_minor,
      ratePercent: c.rate_percent,
      amountMinor: c.amount_minor,
      earnedAt: c.earned_at,
      payableAt: c.payable_at,
    })),
  };
}

const balancesTable = (balances: KolBalance[]) =>
  table(
    ['user', 'account', 'kol', 'rate', 'pending', 'payable', 'settled', 'to $100', 'payout'],
    balances.map((b) => [
      b.userId,
      b.account,
      b.isKol ? 'yes' : 'no',
      `${b.ratePercent}%`,
      money(b.summary.pendingMinor, b.summary.currency),
      money(b.summary.payableMinor, b.summary.currency),
      money(b.summary.settledMinor, b.summary.currency),
      `${b.summary.progressPercent}%`,
      b.summary.payoutEligible ? 'due' : '-',
    ]),
  );

/** kol: who is a KOL, at which first-purchase rate (25-100 %, the domain's rule). */
export const kolCommand: OpsCommand = subcommands(KOL_USAGE, KOL_OPTIONS, {
  mark: async ({ values, positionals }, { services: { db, dialect }, actor, now }) => {
    const user = await findUserRef(db, onePositional(positionals, 'user', KOL_USAGE));
    const rate = rateOf(requireString(values.rate, 'rate', KOL_USAGE));
    const change = { actor, now };
    const { before, after } = await markKol(db, dialect, user.id, rate, change).catch(refusal);
    return {
      text: `${accountOf(user)} (user ${user.id}) is a KOL at ${after}% on first purchases${before === null ? '' : ` (was ${before}%)`}`,
      json: { userId: user.id, isKol: true, ratePercent: after, previousRatePercent: before },
    };
  },
  unmark: async ({ positionals }, { services: { db, dialect }, actor, now }) => {
    const user = await findUserRef(db, onePositional(positionals, 'user', KOL_USAGE));
    const changed = await unmarkKol(db, dialect, user.id, { actor, now }).catch(refusal);
    return {
      text: `${accountOf(user)} (user ${user.id}) is ${changed ? 'no longer' : 'not'} a KOL; earned commission stays payable`,
      json: { userId: user.id, isKol: false, changed },
    };
  },
  list: async (_args, { services: { db }, now }) => {
    const balances = await kolBalances(db, now);
    return { text: balancesTable(balances), json: balances.map(balanceJson) };
  },
  applications: async ({ values }, { services: { db } }) => {
    const status = values.status ?? 'pending';
    if (status !== 'all' && !isKolApplicationStatus(status))
      throw new OpsUsageError('--status must be pending, approved, declined or all');
    const rows = await listApplications(db, status === 'all' ? null : status, 500);
    const contacts = await contactsOf(
      db,
      rows.map((row) => row.user_id),
    );
    const items = rows.map((row) => {
      const contact = contacts.get(row.user_id);
      return {
        ...toApplication(row),
        userId: row.user_id,
        account: contact ? accountOf(contact) : `#${row.user_id}`,
      };
    });
    return {
      text:
        items.length === 0
          ? `no ${status === 'all' ? '' : `${status} `}applications`
          : table(
              [
                'application',
                'user',
                'account',
                'status',
                'submitted',
                'links',
                'audience',
                'wallet',
                'reason',
              ],
              items.map((a) => [
                a.id,
                a.userId,
                a.account,
                a.status,
                date(a.submittedAt),
                a.links.join(' '),
                a.audience.replace(/\s+/g, ' ').slice(0, 60),
                `${a.wallet.network} ${a.wallet.address}`,
                a.declineReason ?? '',
              ]),
            ),
      json: items,
    };
  },
  approve: async ({ values, positionals }, ctx) => {
    const id = applicationId(onePositional(positionals, 'application', KOL_USAGE));
    const rate = values.rate === undefined ? undefined : rateOf(values.rate);
    const change = { actor: ctx.actor, now: ctx.now };
    const approved = await approveKolApplication(ctx.services, id, rate, change).catch(refusal);
    return {
      text: `application ${id} approved: user ${approved.userId} is a KOL at ${approved.ratePercent}% on first purchases`,
      json: { applicationId: String(id), status: 'approved', ...approved },
    };
  },
  decline,
  reject: decline,
  'check-totals': (_args, { services: { db, dialect } }) => checkTotals(db, dialect),
});

/** kol decline <application> --reason="..." (reject: the same). */
async function decline(
  { values, positionals }: SubcommandArgs<typeof KOL_OPTIONS>,
  ctx: OpsContext,
): Promise<OpsResult> {
  const id = applicationId(onePositional(positionals, 'application', KOL_USAGE));
  const reason = requireString(values.reason, 'reason', KOL_USAGE);
  const change = { actor: ctx.actor, now: ctx.now };
  const declined = await declineKolApplication(ctx.services, id, reason, change).catch(refusal);
  return {
    text: `application ${id} declined (user ${declined.userId}): ${declined.reason}`,
    json: { applicationId: String(id), status: 'declined', ...declined },
  };
}

const applicationId = (text: string): number => {
  if (!/^#?\d{1,15}$/.test(text)) throw new OpsUsageError(`not an application number: ${text}`);
  // Past the largest row id: no such application (db/row-id.ts), never a database error.
  return rowId(text.replace('#', ''));
};

const rateOf = (text: string): number => {
  if (!/^\d+(\.\d+)?$/.test(text))
    throw new OpsUsageError('--rate must be a whole percentage from 25 to 100');
  return Number(text);
};

const isKolApplicationStatus = (value: string): value is KolApplicationStatus =>
  (Object.values(KolApplicationStatus) as string[]).includes(value);

/** commissions: what each KOL has pending, payable and settled, and the payable commissions. */
export const commissionsCommand: OpsCommand = async (args, ctx) => {
  const { values, positionals } = parseFlags(args, { kol: { type: 'string' } }, COMMISSIONS_USAGE);
  if (positionals.length > 0) throw new OpsUsageError(`usage: ${COMMISSIONS_USAGE}`);
  const { db } = ctx.services;
  const kolId = values.kol === undefined ? undefined : (await findUserRef(db, values.kol)).id;
  const balances = await kolBalances(db, ctx.now, kolId);
  if (kolId !== undefined && balances.length === 0)
    throw new OpsRefusal(`user ${kolId} has never been a KOL`);
  const due = balances.filter(
    (b) => kolId !== undefined || b.summary.payableMinor !== 0 || b.summary.pendingMinor !== 0,
  );
  const sections = due.map((b) =>
    [
      `KOL ${b.userId} ${b.account}: payable ${money(b.summary.payableMinor, b.summary.currency)} (${b.summary.progressPercent}% of ${money(KOL_PAYOUT_THRESHOLD_MINOR, b.summary.currency)}${b.summary.payoutEligible ? ', payout due' : ''}), pending ${money(b.summary.pendingMinor, b.summary.currency)}`,
      table(
        [
          'order',
          'referred user',
          'product',
          'paid',
          'rate',
          'commission',
          'earned',
          'payable since',
        ],
        b.payable.map((c) => [
          c.order_public_id,
          c.referred_user_id,
          productName('en', c.group_type, c.duration_days),
          money(c.paid_minor, c.currency),
          `${c.rate_percent}%`,
          money(c.amount_minor, c.currency),
          date(c.earned_at),
          date(c.payable_at),
        ]),
      ),
    ].join('\n'),
  );
  return {
    text: sections.length === 0 ? 'no commissions pending or payable' : sections.join('\n\n'),
    json: due.map(balanceJson),
  };
};

/**
 * payout: records that operations paid a KOL everything payable (with the transfer's hash), in
 * one transaction that settles the included commissions; refused below the $100 threshold.
 */
export const payoutCommand: OpsCommand = async (args, ctx) => {
  const { values, positionals } = parseFlags(
    args,
    { kol: { type: 'string' }, tx: { type: 'string' } },
    PAYOUT_USAGE,
  );
  if (positionals.length > 0) throw new OpsUsageError(`usage: ${PAYOUT_USAGE}`);
  const { db, dialect } = ctx.services;
  const user = await findUserRef(db, requireString(values.kol, 'kol', PAYOUT_USAGE));
  const payout = await recordPayout(db, dialect, user.id, values.tx ?? null, {
    actor: ctx.actor,
    now: ctx.now,
  }).catch(refusal);
  return {
    text: fields([
      ['payout', payout.payoutId],
      ['kol', `${user.id} ${accountOf(user)}`],
      ['amount', money(payout.amountMinor, payout.currency)],
      ['period', `${date(payout.periodStart)} .. ${date(payout.periodEnd)}`],
      ['transaction', payout.txHash],
      ['wallet', payout.wallet ? `${payout.wallet.network} ${payout.wallet.address}` : null],
      ['orders', payout.orderIds.length],
    ]),
    json: payout,
  };
};

const TOTAL_NAMES: Record<keyof KolTotals, string> = {
  heldMinor: 'held',
  openAdjustmentsMinor: 'open adjustments',
  settledMinor: 'settled',
  lines: 'commission lines',
  payouts: 'payouts',
  invitees: 'invitees',
  paidInvitees: 'paid invitees',
};

/**
 * kol check-totals: recomputes every inviter's running totals from the ledger and the invitees,
 * every KOL's commission-tab line numbers and their counter, and every user's paid-order and
 * order counts from the orders; refuses (exit 1) listing each
 * difference.
 */
async function checkTotals(db: Db, dialect: DialectName) {
  const [totals, paid, orders, numbers] = await Promise.all([
    kolTotalsDrift(db, dialect),
    paidOrdersDrift(db),
    orderCountDrift(db),
    lineNumbersDrift(db),
  ]);
  const lines = [
    ...totals.drift.flatMap(({ kolId, kept, ledger }) =>
      (Object.keys(TOTAL_NAMES) as (keyof KolTotals)[])
        .filter((key) => kept[key] !== ledger[key])
        .map(
          (key) => `user ${kolId}: ${TOTAL_NAMES[key]} kept ${kept[key]}, ledger ${ledger[key]}`,
        ),
    ),
    ...paid.map((p) => `user ${p.userId}: paid orders kept ${p.kept}, orders ${p.orders}`),
    ...orders.map((o) => `user ${o.userId}: order count kept ${o.kept}, orders ${o.orders}`),
    ...numbers.map(
      (n) =>
        `user ${n.kolId}: line count kept ${n.kept}, lines ${n.lines} numbered up to ${n.top} (${n.numbers} distinct)`,
    ),
  ];
  if (lines.length > 0)
    throw new OpsRefusal(
      `running totals drifted from the ledger (${lines.length}):\n${lines.join('\n')}`,
    );
  return {
    text: `running totals of ${totals.checked} inviters and the paid-order and order counts match the ledger`,
    json: { checked: totals.checked, drift: [] },
  };
}
