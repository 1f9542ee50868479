import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SEARCH_TOTAL_CAP, ShopGroupType } from '@nimbus/domain';
import { createRandomRedeemCodes, findRedeemCode } from '../../src/membership/redeem-code.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { auditActions } from '../support/payments.ts';
import { quickUser } from '../support/group-buy.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let finance: SignedInOperator;
let support: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  finance = await enrolledOperator(t, 'finance');
  support = await enrolledOperator(t, 'support');
});
afterAll(() => t.close());

const page = { page: 1, pageSize: 10 };
const auditCount = async () =>
  (await t.app.services.db.selectFrom('audit_log').select('id').execute()).length;

describe('promo codes in the console', () => {
  test('finance creates, finds and disables a code; the shop follows', async () => {
    const { promo } = await finance.client.ok('adminPromoCreate', {
      code: 'autumn15',
      percent: 15,
      maxUsesPerUser: 1,
      planIds: ['3'],
    });
    expect(promo).toMatchObject({
      code: 'AUTUMN15',
      kind: 'percent',
      value: 15,
      uses: 0,
      planIds: ['3'],
      active: true,
    });
    await finance.client.ok('adminPromoCreate', {
      code: 'FLAT5',
      amountMinor: 500,
      endsAt: t.clock.now + 86_400_000,
    });
    const { client } = await quickUser(t);
    expect(
      (await client.ok('paymentCoupon', { code: 'autumn15', productId: '3' })).discountMinor,
    ).toBeGreaterThan(0);

    const found = await finance.client.ok('adminPromoList', { query: 'aut', ...page });
    expect(found.items.map((p) => p.code)).toEqual(['AUTUMN15']);
    expect((await finance.client.ok('adminPromoList', { query: '%', ...page })).items).toHaveLength(
      0,
    );
    const paged = await finance.client.ok('adminPromoList', { page: 1, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, pageSize: 1 });
    expect(paged.items[0]?.code).toBe('FLAT5');

    const disabled = await finance.client.ok('adminPromoDisable', { code: 'Autumn15' });
    expect(disabled).toMatchObject({ changed: true, promo: { active: false } });
    expect((await finance.client.ok('adminPromoDisable', { code: 'AUTUMN15' })).changed).toBe(
      false,
    );
    expect(
      (await client.call('paymentCoupon', { code: 'AUTUMN15', productId: '3' })).body.status,
    ).toBe('PromoCodeInvalid');
    const inactive = await finance.client.ok('adminPromoList', { status: 'inactive', ...page });
    expect(inactive.items.map((p) => p.code)).toEqual(['AUTUMN15']);
    const id = (
      await t.app.services.db
        .selectFrom('promo_codes')
        .select('id')
        .where('code', '=', 'AUTUMN15')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await auditActions(t, 'promo_code', id)).toEqual(['promo.created', 'promo.disabled']);

    // pnpm ops lists what the console made, through the same tables.
    const listed = await runOpsCommand('coupons', ['list', '--json'], t.app.services, t.clock.now);
    expect(JSON.parse(listed.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'FLAT5', active: true })]),
    );
  });

  test.each([
    [{ code: 'A B', percent: 10 }, 'Codes are 3-32 letters, digits, dashes or underscores'],
    [{ code: 'NOVALUE' }, 'A percentage is a whole number from 1 to 100'],
    [
      { code: 'BACKWARDS', percent: 10, startsAt: 2_000_000, endsAt: 1_000_000 },
      'The end must be after the start',
    ],
    [{ code: 'FLAT5', percent: 10 }, 'A promo code with this text exists already.'],
    [{ code: 'NOPLAN', percent: 10, planIds: ['999'] }, 'There is no such plan.'],
  ])('%o is refused with a clear message and changes nothing', async (input, msg) => {
    const before = await auditCount();
    const answer = await finance.client.call('adminPromoCreate', input);
    expect(answer.body.msg).toBe(msg);
    expect(await auditCount()).toBe(before);
  });

  test('support may not touch codes (refused on the server)', async () => {
    expect((await support.client.call('adminPromoList', page)).body.code).toBe(
      ErrorCode.FORBIDDEN.code,
    );
    expect((await support.client.call('adminPromoDisable', { code: 'FLAT5' })).body.code).toBe(
      ErrorCode.FORBIDDEN.code,
    );
    expect((await finance.client.call('adminPromoDisable', { code: 'NOSUCHCODE' })).body.code).toBe(
      ErrorCode.PROMO_CODE_NOT_FOUND.code,
    );
  });
});

describe('redeem codes in the console', () => {
  test('finance makes a batch, members redeem, a disabled code redeems no more', async () => {
    const { codes } = await finance.client.ok('adminRedeemCreate', {
      type: 'standard',
      days: 7,
      count: 5,
    });
    expect(codes).toHaveLength(5);
    expect(new Set(codes).size).toBe(5);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{16}$/);
    const { client } = await quickUser(t);
    expect((await client.ok('systemRedeemCode', { code: codes[0] ?? '' })).grantedSeconds).toBe(
      7 * 86_400,
    );
    const listed = await finance.client.ok('adminRedeemList', { ...page, pageSize: 100 });
    expect(listed.total).toBe(5);
    expect(listed.items.find((r) => r.code === codes[0])).toMatchObject({ uses: 1, maxUses: 1 });
    const prefix = (codes[1] ?? '').slice(0, 10).toLowerCase();
    expect(
      (await finance.client.ok('adminRedeemList', { query: prefix, ...page })).items.map(
        (r) => r.code,
      ),
    ).toContain(codes[1]);

    const disabled = await finance.client.ok('adminRedeemDisable', { code: codes[1] ?? '' });
    expect(disabled).toMatchObject({ changed: true, redeem: { active: false } });
    const other = await quickUser(t);
    expect(
      (await other.client.call('systemRedeemCode', { code: codes[1] ?? '' })).body.code,
    ).not.toBe(200);
    const batches = await t.app.services.db
      .selectFrom('audit_log')
      .select(['actor', 'data'])
      .where('action', '=', 'redeem.created')
      .execute();
    expect(batches).toHaveLength(1);
    expect(batches[0]?.actor).toBe(`operator:${finance.operatorId}`);
    expect((JSON.parse(batches[0]?.data ?? '{}') as { codes: string[] }).codes).toEqual(codes);
  });

  test('a chosen code once, not twice; a past expiry and a chosen code in a batch are refused', async () => {
    const { codes } = await finance.client.ok('adminRedeemCreate', {
      type: 'lite',
      days: 30,
      maxUses: 100,
      code: 'launch-week',
    });
    expect(codes).toEqual(['LAUNCH-WEEK']);
    const before = await auditCount();
    for (const [input, msg] of [
      [
        { type: 'lite', days: 30, code: 'LAUNCH-WEEK' },
        'A redeem code with this text exists already.',
      ],
      [{ type: 'lite', days: 30, expiresAt: t.clock.now - 1 }, 'Choose a time in the future'],
      [{ type: 'lite', days: 30, count: 2, code: 'OTHERONE' }, 'Enter a whole number from 1 to 1'],
    ] as const) {
      const answer = await finance.client.call('adminRedeemCreate', input);
      expect(answer.body.msg).toBe(msg);
    }
    expect(await auditCount()).toBe(before);
  });

  test('a batch of 10,000 codes is made at once, every code unique and listed', async () => {
    const before = (await finance.client.ok('adminRedeemList', page)).total;
    const started = performance.now();
    const { codes } = await finance.client.ok('adminRedeemCreate', {
      type: 'standard',
      days: 30,
      count: 10_000,
    });
    console.info(`10,000 redeem codes made in ${Math.round(performance.now() - started)} ms`);
    expect(codes).toHaveLength(10_000);
    expect(new Set(codes).size).toBe(10_000);
    // The console counts to SEARCH_TOTAL_CAP and says when more match.
    expect(await finance.client.ok('adminRedeemList', page)).toMatchObject(
      before + 10_000 > SEARCH_TOTAL_CAP
        ? { total: SEARCH_TOTAL_CAP, totalCapped: true }
        : { total: before + 10_000, totalCapped: false },
    );
    const last = await finance.client.ok('adminRedeemList', { query: codes.at(-1) ?? '', ...page });
    expect(last.items.map((r) => r.code)).toEqual([codes.at(-1)]);
  });

  test('a drawn code that is taken, or drawn twice, is drawn again; the taken one is untouched', async () => {
    const taken = (
      await finance.client.ok('adminRedeemCreate', { type: 'lite', days: 7, maxUses: 3 })
    ).codes[0];
    if (!taken) throw new Error('no code made');
    const draws = [taken, 'AAAABBBBCCCCDDDD', 'AAAABBBBCCCCDDDD', taken, 'EEEEFFFFGGGGHHHH'];
    const made = await createRandomRedeemCodes(
      t.app.services.db,
      {
        groupType: ShopGroupType.STANDARD,
        days: 30,
        devicesAllowed: 2,
        maxUses: 1,
        expiresAt: null,
      },
      2,
      t.clock.now,
      () => draws.shift() ?? 'JJJJKKKKLLLLMMMM',
    );
    expect(made).toEqual(['AAAABBBBCCCCDDDD', 'EEEEFFFFGGGGHHHH']);
    expect(await findRedeemCode(t.app.services.db, taken)).toMatchObject({
      group_type: ShopGroupType.LITE,
      days: 7,
      max_uses: 3,
    });
  });

  test('a prefix finds exactly the codes that start with it, whatever its last character', async () => {
    const made = [
      'QZ-9ABCD',
      'QZ-9ZABC',
      'QZ_ABCDE',
      'QZ9ZABCD',
      'QZABCDEF',
      'Q-ZZABCD',
      'QZZZZZZZ',
    ];
    for (const code of made)
      await finance.client.ok('adminRedeemCreate', { type: 'lite', days: 1, code });
    const found = async (query: string) =>
      (await finance.client.ok('adminRedeemList', { query, ...page, pageSize: 100 })).items
        .map((r) => r.code)
        .filter((c) => made.includes(c))
        .sort();
    expect(await found('QZ')).toEqual([
      'QZ-9ABCD',
      'QZ-9ZABC',
      'QZ9ZABCD',
      'QZABCDEF',
      'QZZZZZZZ',
      'QZ_ABCDE',
    ]);
    expect(await found('QZ-')).toEqual(['QZ-9ABCD', 'QZ-9ZABC']);
    expect(await found('qz-9')).toEqual(['QZ-9ABCD', 'QZ-9ZABC']);
    expect(await found('QZ-9Z')).toEqual(['QZ-9ZABC']);
    expect(await found('QZ_')).toEqual(['QZ_ABCDE']);
    expect(await found('QZ9')).toEqual(['QZ9ZABCD']);
    expect(await found('QZZ')).toEqual(['QZZZZZZZ']);
    expect(await found('Q-')).toEqual(['Q-ZZABCD']);
    expect(await found('Q')).toHaveLength(7);
  });
});
