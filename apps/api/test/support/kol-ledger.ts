import fc from 'fast-check';
import { KolError, markKol, recordPayout } from '../../src/inviters/manage-kols.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { newInviteCode } from '../../src/accounts/store.ts';
import { buy, pressOnCheckout } from './payments.ts';
import { registerWithUsername } from './accounts.ts';
import { giveWallet } from './kol-wallet.ts';
import { Client } from './client.ts';
import { quickUser } from './group-buy.ts';
import type { TestApp } from './test-app.ts';

/**
 * Random KOL ledgers for property tests: a KOL with four invited buyers, then steps (payments,
 * refunds, payouts, registrations with the KOL's code, time passing) played through the same
 * paths as production (checkout, refund, payout, registration API).
 */

export type LedgerStep =
  | { kind: 'pay'; buyer: number; productId: string }
  | { kind: 'refund'; pick: number }
  | { kind: 'payout' }
  | { kind: 'register' }
  | { kind: 'wait'; ms: number };

/** The steps' generators; each test weighs them (fc.oneof) into the ledgers it wants. */
export const ledgerSteps = {
  pay: (buyer: fc.Arbitrary<number>, productId: fc.Arbitrary<string>) =>
    fc.record({ kind: fc.constant('pay' as const), buyer, productId }),
  refund: fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  payout: fc.record({ kind: fc.constant('payout' as const) }),
  register: fc.record({ kind: fc.constant('register' as const) }),
  wait: (ms: fc.Arbitrary<number>) => fc.record({ kind: fc.constant('wait' as const), ms }),
};

export interface KolLedger {
  kolId: number;
  /** The invitees who pay (registrations add to them). */
  buyers: number[];
  /** The orders paid so far, refunded ones included. */
  paid: string[];
  /** The code registrations use; null unless asked for. */
  inviteCode: string | null;
}

/** A client signed in as the user now (the test clock jumps past session lifetimes). */
export async function signedIn(t: TestApp, userId: number): Promise<Client> {
  const client = new Client(t.app);
  client.token = await t.app.services.sessions.create(userId, null, t.clock.now);
  return client;
}

/** A new KOL at the rate with four invitees; with an invite code when registrations are played. */
export async function newKolLedger(
  t: TestApp,
  ratePercent: number,
  options: { inviteCode?: boolean } = {},
): Promise<KolLedger> {
  const { db, dialect } = t.app.services;
  const kol = await quickUser(t);
  let inviteCode: string | null = null;
  if (options.inviteCode) {
    // A code registration accepts (quickUser's are not).
    inviteCode = await newInviteCode(db);
    await db
      .updateTable('users')
      .set({ invite_code: inviteCode })
      .where('id', '=', kol.userId)
      .execute();
  }
  await markKol(db, dialect, kol.userId, ratePercent, { actor: 'ops:test', now: t.clock.now });
  await giveWallet(db, kol.userId, t.clock.now);
  const buyers: number[] = [];
  for (let i = 0; i < 4; i++) buyers.push((await quickUser(t, { inviterId: kol.userId })).userId);
  return { kolId: kol.userId, buyers, paid: [], inviteCode };
}

/** Plays one step on the KOL's ledger. */
export async function playStep(t: TestApp, ledger: KolLedger, s: LedgerStep): Promise<void> {
  const { db, dialect } = t.app.services;
  if (s.kind === 'pay') {
    const buyer = ledger.buyers[s.buyer % ledger.buyers.length] ?? ledger.kolId;
    const order = await buy(await signedIn(t, buyer), { productId: s.productId });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    ledger.paid.push(order.orderId);
  } else if (s.kind === 'refund') {
    // Sometimes an order refunded already: a repeated refund changes nothing.
    const orderId = ledger.paid[s.pick % Math.max(1, ledger.paid.length)];
    if (orderId) await refundOrder(t.app.services, orderId, 'ops:test', t.clock.now);
  } else if (s.kind === 'payout') {
    await recordPayout(db, dialect, ledger.kolId, null, {
      actor: 'ops:test',
      now: t.clock.now,
    }).catch((error: unknown) => {
      if (!(error instanceof KolError && error.code === 'below_threshold')) throw error;
    });
  } else if (s.kind === 'register') {
    // A friend registers with the KOL's code through the API.
    if (ledger.inviteCode === null) throw new Error('registrations need a KOL with a code');
    const friend = await registerWithUsername(new Client(t.app), {
      inviteCode: ledger.inviteCode,
    });
    ledger.buyers.push(Number(friend.userId));
  } else t.clock.advance(s.ms);
}
