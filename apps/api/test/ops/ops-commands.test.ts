import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand, type OpsCommandName } from '../../src/ops/commands.ts';
import { auditActions, buy, pressOnCheckout } from '../support/payments.ts';
import { PASSWORD, registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { GROUP_BUY_ON, quickUser } from '../support/group-buy.ts';
import { giveWallet } from '../support/kol-wallet.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
});
afterAll(() => t.close());

const ACTOR = 'ops:alice' as const;
const ops = (name: OpsCommandName, ...argv: string[]) =>
  runOpsCommand(name, argv, t.app.services, t.clock.now, ACTOR);
async function okJson<T = Record<string, unknown>>(
  name: OpsCommandName,
  ...argv: string[]
): Promise<T> {
  const outcome = await ops(name, ...argv, '--json');
  expect(outcome.stderr).toBe('');
  expect(outcome.exitCode).toBe(0);
  return JSON.parse(outcome.stdout) as T;
}
const actorsOf = async (action: string) =>
  (
    await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', action)
      .execute()
  ).map((r) => r.actor);

describe('plans', () => {
  test('add, update, disable: the shop follows, every change audited as the operator', async () => {
    const added = await ops(
      'plans',
      'add',
      '--type=lite',
      '--days=180',
      '--price=29.99',
      '--original=41.94',
      '--group-buy=yes',
    );
    expect(added.exitCode).toBe(0);
    expect(added.stdout).toMatch(/plan 8 added/);
    expect(added.stdout).toContain('29.99 USD');
    const shop = async () =>
      (await new Client(t.app).signedCall('paymentShop', {})).body.data?.items ?? [];
    t.clock.advance(10_000);
    expect((await shop()).find((p) => p.productId === '8')).toMatchObject({
      durationDays: 180,
      priceMinor: 2999,
      originalPriceMinor: 4194,
      devicesAllowed: 2,
      groupBuy: [
        { size: 2, unitPriceMinor: 1500 },
        { size: 3, unitPriceMinor: 1000 },
      ],
    });

    const updated = await okJson<{ priceMinor: number }[]>('plans', 'update', '8', '--price=24.99');
    expect(updated[0]?.priceMinor).toBe(2499);
    await ops('plans', 'disable', '8');
    t.clock.advance(10_000);
    expect((await shop()).some((p) => p.productId === '8')).toBe(false);
    expect(await auditActions(t, 'plan', 8)).toEqual([
      'plan.created',
      'plan.updated',
      'plan.disabled',
    ]);
    expect(await actorsOf('plan.created')).toEqual([ACTOR]);
    const list = await okJson<{ id: number; active: boolean }[]>('plans', 'list');
    expect(list.find((p) => p.id === 8)?.active).toBe(false);
  });

  test.each([
    [['add', '--type=gold', '--days=30', '--price=1'], /--type must be standard or lite/],
    [
      ['add', '--type=lite', '--days=30', '--price=12.999'],
      /--price must be an amount such as 12.99/,
    ],
    [
      ['add', '--type=lite', '--days=30', '--price=20', '--original=10'],
      /--original must not be below --price/,
    ],
    [
      ['add', '--type=lite', '--days=0', '--price=1'],
      /--days must be a whole number from 1 to 3650/,
    ],
    [['update', '1', '--colour=red'], /Unknown option '--colour'/],
    [['remove', '1'], /usage: pnpm ops plans/],
  ])('plans %j is a usage error that changes nothing', async (argv, message) => {
    const before = await t.app.services.db.selectFrom('audit_log').select('id').execute();
    const outcome = await ops('plans', ...argv);
    expect(outcome.exitCode).toBe(2);
    expect(outcome.stderr).toMatch(message);
    expect(outcome.stdout).toBe('');
    expect(await t.app.services.db.selectFrom('audit_log').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  test('an unknown plan is a refusal (exit 1), with --json the error as data', async () => {
    const outcome = await ops('plans', 'disable', '999', '--json');
    expect(outcome.exitCode).toBe(1);
    expect(JSON.parse(outcome.stdout)).toEqual({
      error: { kind: 'refused', message: 'no plan 999' },
    });
  });
});

describe('coupons and redeem codes', () => {
  test('a coupon the shop accepts, listed with its uses, then disabled', async () => {
    expect(
      (
        await ops(
          'coupons',
          'create',
          '--code=summer10',
          '--percent=10',
          '--per-user=1',
          '--plans=1,3',
        )
      ).stdout,
    ).toMatch(/coupon SUMMER10 created: 10% off/);
    const { client } = await quickUser(t);
    expect(
      (await client.ok('paymentCoupon', { code: 'summer10', productId: '3' })).discountMinor,
    ).toBe(999);
    expect((await ops('coupons', 'create', '--code=SUMMER10', '--amount=5')).stderr).toMatch(
      /exists already/,
    );
    expect(
      (await ops('coupons', 'create', '--code=X1', '--percent=10', '--amount=5')).exitCode,
    ).toBe(2);
    expect(
      (await ops('coupons', 'create', '--code=NOPLAN', '--percent=10', '--plans=77')).stderr,
    ).toMatch(/no plan 77/);
    const list = await okJson<{ code: string; uses: number; active: boolean }[]>('coupons', 'list');
    expect(list.find((c) => c.code === 'SUMMER10')).toMatchObject({ uses: 0, active: true });
    await ops('coupons', 'disable', 'summer10');
    expect(
      (await client.call('paymentCoupon', { code: 'SUMMER10', productId: '3' })).body.status,
    ).toBe('PromoCodeInvalid');
    expect(await actorsOf('promo.created')).toEqual([ACTOR]);
    expect(await actorsOf('promo.disabled')).toEqual([ACTOR]);
  });

  test('redeem codes: printed one per line, single or multi-use, with expiry', async () => {
    const single = await ops('redeem', 'create', '--type=standard', '--days=7', '--count=3');
    const codes = single.stdout.trim().split('\n').slice(1);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{16}$/);
    const { client } = await quickUser(t);
    expect((await client.ok('systemRedeemCode', { code: codes[0] ?? '' })).grantedSeconds).toBe(
      7 * 86_400,
    );
    expect(
      (await (await quickUser(t)).client.call('systemRedeemCode', { code: codes[0] ?? '' })).body
        .status,
    ).toBe('RedeemCodeUsed');

    const multi = await okJson<{ codes: string[] }>(
      'redeem',
      'create',
      '--type=lite',
      '--days=30',
      '--uses=100',
      '--code=launch-week',
      '--expires=2099-01-01',
    );
    expect(multi.codes).toEqual(['LAUNCH-WEEK']);
    for (let i = 0; i < 2; i++)
      await (await quickUser(t)).client.ok('systemRedeemCode', { code: 'launch-week' });
    const listed = await okJson<
      { code: string; uses: number; maxUses: number; expiresAt: number }[]
    >('redeem', 'list');
    expect(listed.find((c) => c.code === 'LAUNCH-WEEK')).toMatchObject({
      uses: 2,
      maxUses: 100,
      expiresAt: Date.parse('2099-01-01T00:00:00Z'),
    });
    expect(
      (await ops('redeem', 'create', '--type=lite', '--days=30', '--expires=2001-01-01')).stderr,
    ).toMatch(/--expires must be in the future/);
    await ops('redeem', 'disable', 'LAUNCH-WEEK');
    expect(
      (await (await quickUser(t)).client.call('systemRedeemCode', { code: 'launch-week' })).body
        .status,
    ).toBe('RedeemCodeInvalid');
    expect(await actorsOf('redeem.created')).toEqual([ACTOR, ACTOR]);
  });
});

describe('benefits and nodes, through their module', () => {
  test('benefits: add (password never printed), list, remove', async () => {
    const added = await ops(
      'benefits',
      'add',
      '--key=music-1',
      '--name=Music',
      '--link=https://music.example.com',
      '--account=family@example.com',
      '--password=s3cret-pass',
    );
    expect(added.stdout).toBe('benefit music-1 created\n');
    const listed = await ops('benefits', 'list');
    expect(listed.stdout).toContain('music-1');
    expect(listed.stdout).not.toContain('s3cret-pass');
    expect(
      (await new Client(t.app).ok('systemBenefits', {})).items.map((b) => b.benefitId),
    ).toContain('music-1');
    const bad = await ops(
      'benefits',
      'add',
      '--key=Bad Key',
      '--name=x',
      '--link=ftp://x',
      '--account=a',
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/The key must be/);
    expect(bad.stderr).toMatch(/The link must be a web address/);
    expect((await ops('benefits', 'remove', 'music-1')).exitCode).toBe(0);
    expect((await ops('benefits', 'remove', 'music-1')).stderr).toBe('no benefit music-1\n');
    expect(await actorsOf('benefit.created')).toEqual([ACTOR]);
  });

  test('nodes: add (token once), list, status, rotate-token, disable; bad parameters are listed', async () => {
    const params = JSON.stringify({ sni: 'osaka.nodes.example' });
    const added = await ops(
      'nodes',
      'add',
      '--key=osaka-1',
      '--name=Osaka 1',
      '--region=jp',
      '--protocol=trojan',
      '--host=osaka.nodes.example',
      '--port=443',
      '--access=standard',
      `--params=${params}`,
    );
    expect(added.stdout).toMatch(
      /^node osaka-1 created \(node id \d+\)\nfeed token \(shown once; put it in the node software's ApiKey\): [A-Za-z0-9_-]{43}\n$/,
    );
    // Adding again updates the node and keeps its token (shown only when issued).
    expect(
      (
        await ops(
          'nodes',
          'add',
          '--key=osaka-1',
          '--name=Osaka 1',
          '--region=JP',
          '--protocol=trojan',
          '--host=osaka.nodes.example',
          '--port=443',
          '--access=standard',
          `--params=${params}`,
        )
      ).stdout,
    ).toMatch(/^node osaka-1 updated \(node id \d+\)\n$/);
    const rotated = await okJson<{ token: string; previousValidMinutes: number }>(
      'nodes',
      'rotate-token',
      'osaka-1',
      '--grace-minutes=30',
    );
    expect(rotated).toMatchObject({ previousValidMinutes: 30 });
    expect(rotated.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await ops('nodes', 'rotate-token', 'nowhere-1')).exitCode).toBe(1);
    const status = await okJson<Array<{ key: string; online: boolean; lastPullAt: number | null }>>(
      'nodes',
      'status',
      'osaka-1',
    );
    expect(status).toEqual([
      expect.objectContaining({ key: 'osaka-1', online: false, lastPullAt: null, onlineUsers: 0 }),
    ]);
    expect((await ops('nodes', 'status')).stdout).toMatch(/osaka-1 +yes +offline +0 +- +-/);
    const list = await okJson<{ key: string; enabled: boolean; region: string }[]>('nodes', 'list');
    expect(list.find((n) => n.key === 'osaka-1')).toMatchObject({ enabled: true, region: 'JP' });
    expect((await ops('nodes', 'disable', 'osaka-1')).stdout).toBe('node osaka-1 disabled\n');
    expect(
      (await okJson<{ key: string; enabled: boolean }[]>('nodes', 'list')).find(
        (n) => n.key === 'osaka-1',
      )?.enabled,
    ).toBe(false);
    const bad = await ops(
      'nodes',
      'add',
      '--key=x-1',
      '--name=X',
      '--region=JP',
      '--protocol=trojan',
      '--host=x.example',
      '--port=443',
      '--access=standard',
      '--params={"sni":1}',
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/params\/sni/);
    expect((await ops('nodes', 'add', '--key=x-1', '--params=nope')).stderr).toMatch(
      /--params must be JSON/,
    );
    expect(await actorsOf('node.disabled')).toEqual([ACTOR]);
    expect(await actorsOf('node.token_rotated')).toEqual([ACTOR, ACTOR]);
  });
});

describe('KOL, commissions, payout, refund, user', () => {
  test('the programme end to end as operations run it', async () => {
    const kolClient = new Client(t.app);
    const kol = await registerWithUsername(kolClient);
    expect((await ops('kol', 'mark', kol.username, '--rate=10')).stderr).toMatch(/from 25 to 100/);
    const marked = await ops('kol', 'mark', kol.username, '--rate=60');
    expect(marked.stdout).toMatch(new RegExp(`is a KOL at 60% on first purchases`));
    expect((await kolClient.ok('systemAffiliate', { page: 1, pageSize: 10 })).isKol).toBe(true);

    const { invite_code: code } = await t.app.services.db
      .selectFrom('users')
      .select('invite_code')
      .where('id', '=', Number(kol.userId))
      .executeTakeFirstOrThrow();
    const friend = new Client(t.app);
    const friendAccount = await registerWithUsername(friend, { inviteCode: code });
    const small = await buy(friend, { productId: '1' });
    await pressOnCheckout(t, small.checkoutUrl, 'pay');
    t.clock.advance(31 * MS_PER_DAY);

    const below = await ops('payout', `--kol=${kol.userId}`, `--tx=0x${'1'.repeat(64)}`);
    expect(below.exitCode).toBe(1);
    expect(below.stderr).toMatch(/below the payout threshold/);
    expect((await ops('payout', `--kol=${kol.userId}`, '--tx=0xabc')).exitCode).toBe(2);

    // First purchase 60 % of $12.99 = $7.79; the 2-year renewal ($179.99) earns 20 %: $35.99, held
    // 30 days.
    // A month later the friend signs in again and renews.
    await friend.ok('userLogin', {
      channel: 'username',
      account: friendAccount.username,
      password: PASSWORD,
      agreeTerms: true,
    });
    const big = await buy(friend, { productId: '4' });
    await pressOnCheckout(t, big.checkoutUrl, 'pay');
    const commissions = await ops('commissions', `--kol=${kol.username}`);
    expect(commissions.stdout).toMatch(
      /payable 7\.79 USD \(7% of 100\.00 USD\), pending 35\.99 USD/,
    );
    expect(commissions.stdout).toContain(small.orderId);
    t.clock.advance(31 * MS_PER_DAY);
    const all =
      await okJson<{ userId: number; payableMinor: number; payoutEligible: boolean }[]>(
        'commissions',
      );
    expect(all.find((k) => k.userId === Number(kol.userId))).toMatchObject({
      payableMinor: 779 + 3599,
      payoutEligible: false,
    });

    // Still below: refused. Refunding the renewal takes back exactly its commission.
    const refund = await ops('orders', 'refund', big.orderId);
    expect(refund.stdout).toMatch(/^refunded/);
    expect((await ops('orders', 'refund', big.orderId)).stdout).toMatch(/^already refunded/);
    expect((await ops('orders', 'refund', 'NOPE')).stderr).toBe('no order NOPE\n');
    expect(await actorsOf('order.refunded')).toContain(ACTOR);
    const after = await okJson<{ payableMinor: number }[]>('commissions', `--kol=${kol.userId}`);
    expect(after[0]?.payableMinor).toBe(779);

    const shown = await ops('user', 'show', friendAccount.username);
    expect(shown.stdout).toContain(`user:`);
    expect(shown.stdout).toContain(small.orderId);
    expect(shown.stdout).toContain('refunded');
    const kolShown = await okJson<{
      kol: { isKol: boolean; ratePercent: number; payableMinor: number };
      invitedCount: number;
    }>('user', 'show', `#${kol.userId}`);
    expect(kolShown).toMatchObject({
      kol: { isKol: true, ratePercent: 60, payableMinor: 779 },
      invitedCount: 1,
    });
    expect((await ops('user', 'show', 'nobody@example.com')).stderr).toBe(
      'no user nobody@example.com\n',
    );

    const listed = await ops('kol', 'list');
    expect(listed.stdout).toMatch(
      new RegExp(`${kol.userId}\\s+${kol.username}\\s+yes\\s+60%\\s+0\\.00 USD\\s+7\\.79 USD`),
    );
    expect((await ops('kol', 'unmark', String(kol.userId))).stdout).toMatch(/no longer a KOL/);
    expect(
      (await okJson<{ userId: number; isKol: boolean }[]>('kol', 'list')).find(
        (k) => k.userId === Number(kol.userId),
      )?.isKol,
    ).toBe(false);
    expect(await auditActions(t, 'user', Number(kol.userId))).toEqual(
      expect.arrayContaining(['kol.marked', 'kol.unmarked', 'kol.commission_clawed_back']),
    );
  });

  test('a payout over the threshold settles everything payable in one go', async () => {
    const kol = await quickUser(t);
    expect((await ops('kol', 'mark', String(kol.userId), '--rate=100')).exitCode).toBe(0);
    const friend = await quickUser(t, { inviterId: kol.userId });
    const order = await buy(friend.client, { productId: '4' });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    t.clock.advance(31 * MS_PER_DAY);
    const tx = `0x${'c'.repeat(64)}`;
    // No wallet yet: refused with what is missing, nothing settled.
    const noWallet = await ops('payout', `--kol=${kol.userId}`, `--tx=${tx}`);
    expect(noWallet.exitCode).not.toBe(0);
    expect(noWallet.stderr).toMatch(/has no payout wallet/);
    await giveWallet(t.app.services.db, kol.userId, t.clock.now);
    const payout = await okJson<{ amountMinor: number; txHash: string; orderIds: string[] }>(
      'payout',
      `--kol=${kol.userId}`,
      `--tx=${tx}`,
    );
    expect(payout).toMatchObject({ amountMinor: 17_999, txHash: tx, orderIds: [order.orderId] });
    expect(await actorsOf('kol.payout')).toEqual([ACTOR]);
    const settled = await t.app.services.db
      .selectFrom('kol_commissions')
      .select(['state', 'settled_at'])
      .where('kol_id', '=', kol.userId)
      .execute();
    expect(settled).toEqual([{ state: 'settled', settled_at: t.clock.now }]);
  });
});

describe('jobs', () => {
  test('one run now, readable', async () => {
    expect((await ops('jobs')).stdout).toBe(
      'groups closed: 0\npayments refunded: 0\ntraffic days rolled up: 0\nmembership notices queued: 0\nnotice e-mails sent: 0\nnode alerts opened or resolved: 0\ntelegram messages sent: 0\nwebhook deliveries made: 0\n',
    );
    expect((await ops('jobs', 'now')).exitCode).toBe(2);
  });
});
