import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverQueuedMail } from '../../src/mail/mail-sender.ts';
import type { OutboxEntry } from '../../src/delivery/outbox.ts';
import { runOpsCommand, type OpsCommandName } from '../../src/ops/commands.ts';
import { auditActions, buy, pressOnCheckout } from '../support/payments.ts';
import {
  outboxCode,
  PASSWORD,
  registerWithEmail,
  registerWithUsername,
} from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

const HOLDING_DAYS = 7;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: { JOBS_INTERVAL_SECONDS: '0', KOL_HOLDING_DAYS: String(HOLDING_DAYS) },
  });
});
afterAll(() => t.close());

const ops = (name: OpsCommandName, ...argv: string[]) =>
  runOpsCommand(name, argv, t.app.services, t.clock.now, 'ops:alice');
async function opsJson<T = Record<string, unknown>>(name: OpsCommandName, ...argv: string[]) {
  const outcome = await ops(name, ...argv, '--json');
  expect(outcome.stderr).toBe('');
  expect(outcome.exitCode).toBe(0);
  return JSON.parse(outcome.stdout) as T;
}

const WALLET_A = { network: 'bsc', address: `0x${'Aa'.repeat(20)}` };
const WALLET_B = { network: 'polygon', address: `0x${'bb'.repeat(20)}` };
const application = (wallet = WALLET_A) => ({
  links: ['https://youtube.com/@reviews', 'https://t.me/reviews'],
  audience: 'VPN and privacy reviews for 20k subscribers',
  wallet,
});

async function member() {
  const client = new Client(t.app);
  const { userId } = await registerWithUsername(client);
  return { client, userId: Number(userId) };
}

async function emailMember() {
  const client = new Client(t.app);
  const { userId, email } = await registerWithEmail(client);
  return { client, userId: Number(userId), email };
}

const outbox = async () =>
  (await t.app.inject({ method: 'GET', url: '/dev/outbox' })).json<OutboxEntry[]>();

const kolView = async (client: Client, tab: 'commission' | 'settlement' = 'settlement') => {
  const answer = await client.ok('systemAffiliate', { tab, page: 1, pageSize: 10 });
  if (!answer.isKol) throw new Error('expected a KOL');
  return answer;
};

describe('applying to the programme', () => {
  test('bad input is refused with its message and stores nothing', async () => {
    const { client } = await member();
    for (const [change, message] of [
      [{ links: [' '] }, 'Add at least one link to a channel you publish on'],
      [{ links: ['youtube.com/@me'] }, 'Enter a full web address starting with https://'],
      [{ audience: '  ' }, 'Tell us about your audience'],
      [
        { wallet: { network: 'tron', address: WALLET_A.address } },
        'Choose a network for your payouts',
      ],
      [{ wallet: { network: 'bsc', address: 'T123' } }, 'Invalid wallet address'],
    ] as const) {
      const answer = await client.call('systemKolApply', { ...application(), ...change });
      expect(answer.body).toMatchObject({ code: 400, msg: message });
    }
    expect(await client.ok('systemKolApplication', {})).toEqual({
      isKol: false,
      application: null,
      canApply: true,
      autoApprove: false,
    });
  });

  test('pending, then declined with a reason, then applied again and approved', async () => {
    const { client, userId } = await member();
    const applied = await client.ok('systemKolApply', application());
    expect(applied).toMatchObject({
      isKol: false,
      canApply: false,
      application: {
        status: 'pending',
        links: ['https://youtube.com/@reviews', 'https://t.me/reviews'],
        wallet: { network: 'bsc', address: WALLET_A.address.toLowerCase() },
        decidedAt: null,
        declineReason: null,
      },
    });
    const again = await client.call('systemKolApply', application());
    expect(again.body).toMatchObject({ code: 1604, status: 'KolApplicationPending' });

    const pending = await opsJson<{ id: string; userId: number }[]>('kol', 'applications');
    const mine = pending.find((a) => a.userId === userId);
    expect(mine).toBeDefined();
    const id = mine?.id ?? '';

    expect((await ops('kol', 'decline', id)).exitCode).toBe(2);
    await opsJson('kol', 'decline', id, '--reason=Please link a channel with some audience');
    expect((await ops('kol', 'approve', id)).exitCode).toBe(1);
    expect(await client.ok('systemKolApplication', {})).toMatchObject({
      isKol: false,
      canApply: true,
      application: {
        id,
        status: 'declined',
        declineReason: 'Please link a channel with some audience',
        decidedAt: t.clock.now,
      },
    });
    expect((await client.ok('systemAffiliate', { page: 1, pageSize: 10 })).isKol).toBe(false);

    const second = await client.ok('systemKolApply', application(WALLET_B));
    const secondId = second.application?.id ?? '';
    expect(secondId).not.toBe(id);
    const approved = await opsJson('kol', 'approve', secondId, '--rate=60');
    expect(approved).toMatchObject({ status: 'approved', userId, ratePercent: 60 });
    expect(await client.ok('systemKolApplication', {})).toMatchObject({
      isKol: true,
      canApply: false,
      application: { id: secondId, status: 'approved' },
    });
    const dashboard = await kolView(client);
    expect(dashboard.summary).toMatchObject({
      firstPurchaseRatePercent: 60,
      holdingDays: HOLDING_DAYS,
      wallet: { network: 'polygon', address: WALLET_B.address },
    });
    const refused = await client.call('systemKolApply', application());
    expect(refused.body).toMatchObject({ code: 1603, status: 'KolAlready' });
    expect(await auditActions(t, 'user', userId)).toEqual(
      expect.arrayContaining([
        'kol.applied',
        'kol.application_declined',
        'kol.application_approved',
      ]),
    );
  });

  test('with automatic approval on, an application is approved at once at the default rate', async () => {
    await opsJson('settings', 'set', 'kol.autoApprove', 'true');
    await opsJson('settings', 'set', 'kol.defaultRatePercent', '40');
    try {
      const { client } = await member();
      expect((await client.ok('systemKolApplication', {})).autoApprove).toBe(true);
      const state = await client.ok('systemKolApply', application());
      expect(state).toMatchObject({ isKol: true, application: { status: 'approved' } });
      expect((await kolView(client)).summary.firstPurchaseRatePercent).toBe(40);
    } finally {
      await opsJson('settings', 'unset', 'kol.autoApprove');
      await opsJson('settings', 'unset', 'kol.defaultRatePercent');
    }
  });

  test('while the affiliate programme is switched off, applying is not available', async () => {
    await opsJson('settings', 'set', 'features.affiliate', 'false');
    try {
      const { client } = await member();
      const answer = await client.call('systemKolApply', application());
      expect(answer.body.status).toBe('FeatureUnavailable');
      expect((await client.ok('systemKolApplication', {})).application).toBeNull();
    } finally {
      await opsJson('settings', 'unset', 'features.affiliate');
    }
  });
});

/** A member approved as KOL at 100 % (an e-mail account, so wallet notices can be read). */
async function approvedKol() {
  const kol = await emailMember();
  const state = await kol.client.ok('systemKolApply', application());
  await opsJson('kol', 'approve', state.application?.id ?? '', '--rate=100');
  const { invite_code: inviteCode } = await t.app.services.db
    .selectFrom('users')
    .select('invite_code')
    .where('id', '=', kol.userId)
    .executeTakeFirstOrThrow();
  return { ...kol, inviteCode };
}

describe('the payout wallet', () => {
  test('a change needs the password, is audited and tells the account by e-mail', async () => {
    const kol = await approvedKol();
    const wrong = await kol.client.call('systemKolWalletUpdate', {
      wallet: WALLET_B,
      password: 'not the password',
    });
    expect(wrong.body.status).toBe('InvalidCredentials');
    const neither = await kol.client.call('systemKolWalletUpdate', { wallet: WALLET_B });
    expect(neither.body.code).toBe(400);
    expect((await kolView(kol.client)).summary.wallet?.network).toBe('bsc');

    const saved = await kol.client.ok('systemKolWalletUpdate', {
      wallet: WALLET_B,
      password: PASSWORD,
    });
    expect(saved).toEqual({ ...WALLET_B, updatedAt: t.clock.now });
    expect((await kolView(kol.client)).summary.wallet).toEqual(saved);
    const notice = (await outbox()).find(
      (e) => e.to === kol.email && e.purpose === 'notice:kol_wallet_changed',
    );
    expect(notice?.subject).toBe('Your Nimbus payout wallet was changed');
    expect(notice?.body).toContain(WALLET_B.address);
    expect(notice?.body).toContain('Polygon');
    const sent = await t.app.services.db
      .selectFrom('mail_queue')
      .select(['status', 'attempts'])
      .where('to_address', '=', kol.email)
      .where('kind', '=', 'kol_wallet_changed')
      .execute();
    expect(sent).toEqual([{ status: 'sent', attempts: 1 }]);
    // A second run of the queue sends nothing twice.
    expect(await deliverQueuedMail(t.app.services, t.clock.now)).toBe(0);
  });

  test('or a fresh code sent to the account for payout_wallet', async () => {
    const kol = await approvedKol();
    await kol.client.ok('userSendCode', {
      channel: 'email',
      target: kol.email,
      purpose: 'payout_wallet',
    });
    const code = await outboxCode(t.app, kol.email, 'payout_wallet');
    const bad = await kol.client.call('systemKolWalletUpdate', {
      wallet: WALLET_B,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(bad.body.status).toBe('CodeInvalid');
    await kol.client.ok('systemKolWalletUpdate', { wallet: WALLET_B, code });
    const reused = await kol.client.call('systemKolWalletUpdate', {
      wallet: WALLET_A,
      code,
    });
    expect(reused.body.status).toBe('CodeInvalid');
    expect((await kolView(kol.client)).summary.wallet?.network).toBe('polygon');
  });

  test('a member who is not a KOL cannot set one', async () => {
    const { client } = await member();
    const answer = await client.call('systemKolWalletUpdate', {
      wallet: WALLET_B,
      password: PASSWORD,
    });
    expect(answer.body.status).toBe('NotKol');
  });

  test('a payout goes to the wallet in force then, and its settlement keeps it', async () => {
    const kol = await approvedKol();
    const friend = new Client(t.app);
    await registerWithUsername(friend, { inviteCode: kol.inviteCode });
    const order = await buy(friend, { productId: '4' });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');

    const before = (await kolView(kol.client, 'commission')).summary;
    expect(before).toMatchObject({ pendingMinor: 17_999, payableMinor: 0 });
    expect(before.nextPayoutAt).toBe(t.clock.now + HOLDING_DAYS * MS_PER_DAY);

    t.clock.advance(HOLDING_DAYS * MS_PER_DAY + 1000);
    await kol.client.ok('userLogin', {
      channel: 'email',
      account: kol.email,
      password: PASSWORD,
      agreeTerms: true,
    });
    const due = (await kolView(kol.client)).summary;
    expect(due).toMatchObject({ pendingMinor: 0, payableMinor: 17_999, nextPayoutAt: t.clock.now });

    const txHash = `0x${'5e'.repeat(32)}`;
    const payout = await opsJson<{ wallet: unknown }>(
      'payout',
      `--kol=${kol.userId}`,
      `--tx=${txHash}`,
    );
    expect(payout.wallet).toEqual({ network: 'bsc', address: WALLET_A.address.toLowerCase() });
    await kol.client.ok('systemKolWalletUpdate', { wallet: WALLET_B, password: PASSWORD });

    const settlement = await kolView(kol.client);
    if (settlement.tab !== 'settlement') throw new Error('expected settlements');
    expect(settlement.records.items).toEqual([
      expect.objectContaining({
        amountMinor: 17_999,
        txHash,
        walletNetwork: 'bsc',
        walletAddress: WALLET_A.address.toLowerCase(),
      }),
    ]);
    expect(settlement.summary.nextPayoutAt).toBeNull();

    // The range filter: nothing paid out before the payout's day.
    const earlier = await kol.client.ok('systemAffiliate', {
      tab: 'settlement',
      page: 1,
      pageSize: 10,
      from: 0,
      to: t.clock.now,
    });
    if (!earlier.isKol) throw new Error('expected a KOL');
    expect(earlier.records.total).toBe(0);
    const inRange = await kol.client.ok('systemAffiliate', {
      tab: 'commission',
      page: 1,
      pageSize: 10,
      from: t.clock.now - (HOLDING_DAYS + 1) * MS_PER_DAY,
      to: t.clock.now + 1,
    });
    if (!inRange.isKol) throw new Error('expected a KOL');
    expect(inRange.records.total).toBe(1);
  });
});
