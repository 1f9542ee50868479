import { randomBytes } from 'node:crypto';
import { ErrorCode, type AdminEndpointName, type AdminRequestOf } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { yearlyMember } from '../support/third-party.ts';

let t: TestApp;
let admin: SignedInOperator;
let finance: SignedInOperator;
let support: SignedInOperator;
let member: Client;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
  finance = await enrolledOperator(t, 'finance');
  support = await enrolledOperator(t, 'support');
  member = new Client(t.app);
  await yearlyMember(t, member);
});
afterAll(() => t.close());

const PASSWORD = 'Sh4red p@ss!';
let key: string;
/** Every answer a console call gave in these tests: none may hold a password. */
const answers: unknown[] = [];

beforeEach(async () => {
  // PostgreSQL keeps one schema per test file: each test starts from an empty catalogue.
  await t.app.services.db.deleteFrom('benefits').execute();
  key = `stream-${randomBytes(3).toString('hex')}`;
});

const benefit = () => ({
  mode: 'create' as const,
  key,
  name: 'Streaming Premium',
  link: 'https://streaming.example/login',
  accountName: 'family-7@nimbus.example',
  password: PASSWORD,
});

async function call<N extends AdminEndpointName>(
  op: SignedInOperator,
  name: N,
  input: AdminRequestOf<N>,
) {
  const answer = await op.client.call(name, input);
  answers.push(answer.body);
  return answer;
}

const memberItems = async () => (await member.ok('systemUserBenefits', {})).items;

describe('benefits in the console', () => {
  test('an admin adds, lists, renames (password kept), re-keys the password and removes a benefit', async () => {
    const added = await call(admin, 'adminBenefitSave', benefit());
    expect(added.body.data).toEqual({
      outcome: 'created',
      benefit: {
        key,
        name: 'Streaming Premium',
        link: 'https://streaming.example/login',
        accountName: 'family-7@nimbus.example',
        sortOrder: 0,
        passwordSet: true,
        createdAt: t.clock.now,
        updatedAt: t.clock.now,
      },
    });
    expect(await memberItems()).toEqual([
      expect.objectContaining({ benefitId: key, name: 'Streaming Premium', password: PASSWORD }),
    ]);

    t.clock.advance(60_000);
    const { password: _kept, ...rename } = { ...benefit(), mode: 'update' as const };
    const renamed = await call(admin, 'adminBenefitSave', { ...rename, name: 'Streaming 4K' });
    expect(renamed.body.data).toMatchObject({
      outcome: 'updated',
      benefit: { name: 'Streaming 4K', passwordSet: true, updatedAt: t.clock.now },
    });
    expect(await memberItems()).toEqual([
      expect.objectContaining({ name: 'Streaming 4K', password: PASSWORD }),
    ]);
    // A blank password from the form is "keep" too.
    await call(admin, 'adminBenefitSave', { ...rename, name: 'Streaming 4K', password: '' });
    expect((await memberItems())[0]?.password).toBe(PASSWORD);

    await call(admin, 'adminBenefitSave', {
      ...rename,
      name: 'Streaming 4K',
      password: 'rotated-9',
    });
    expect((await memberItems())[0]?.password).toBe('rotated-9');

    const list = await call(admin, 'adminBenefitList', { page: 1, pageSize: 10 });
    expect(list.body.data).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(list.body.data?.items.map((b) => [b.key, b.name, b.passwordSet])).toEqual([
      [key, 'Streaming 4K', true],
    ]);
    // pnpm ops lists the same catalogue through the same store.
    const ops = await runOpsCommand('benefits', ['list', '--json'], t.app.services, t.clock.now);
    expect(JSON.parse(ops.stdout)).toEqual(list.body.data?.items);

    expect((await call(admin, 'adminBenefitRemove', { key })).body.data).toEqual({ key });
    expect(await memberItems()).toEqual([]);

    const trail = await auditTrail(t.app.services.db, 'benefit', key);
    expect(trail.map((r) => [r.action, r.actor])).toEqual([
      ['benefit.created', `operator:${admin.operatorId}`],
      ['benefit.updated', `operator:${admin.operatorId}`],
      ['benefit.updated', `operator:${admin.operatorId}`],
      ['benefit.updated', `operator:${admin.operatorId}`],
      ['benefit.removed', `operator:${admin.operatorId}`],
    ]);
    expect(trail.map((r) => (r.data as { passwordChanged?: boolean }).passwordChanged)).toEqual([
      true,
      false,
      false,
      true,
      undefined,
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/Sh4red|rotated-9/);
  });

  test('the list pages in display order (position, then creation)', async () => {
    for (const [suffix, sortOrder] of [
      ['a', 5],
      ['b', -1],
      ['c', 5],
    ] as const)
      await call(admin, 'adminBenefitSave', { ...benefit(), key: `${key}-${suffix}`, sortOrder });
    const first = await call(admin, 'adminBenefitList', { page: 1, pageSize: 2 });
    const second = await call(admin, 'adminBenefitList', { page: 2, pageSize: 2 });
    expect(first.body.data?.total).toBe(3);
    expect(
      [...(first.body.data?.items ?? []), ...(second.body.data?.items ?? [])].map((b) => b.key),
    ).toEqual([`${key}-b`, `${key}-a`, `${key}-c`]);
  });

  test.each([
    ['key', { key: 'Bad Key' }, 'The key must be 1-63 lower-case letters', '标识'],
    ['name', { name: 'Stream\ning' }, 'The name must be 1-200 characters on one line', '名称'],
    ['link', { link: 'javascript:alert(1)' }, 'The link must be a web address', '链接'],
    ['account', { accountName: '   ' }, 'The account name must be', '账号'],
    ['password', { password: '' }, "A new benefit needs the account's password", '密码'],
    ['position', { sortOrder: 2_000_000 }, 'The position must be a whole number', '排序'],
  ])(
    'a bad %s is refused, localised and naming the field, and nothing changes',
    async (_f, bad, en, zh) => {
      const before = await t.app.services.db.selectFrom('audit_log').select('id').execute();
      const answer = await call(admin, 'adminBenefitSave', { ...benefit(), ...bad });
      expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
      expect(answer.body.msg).toContain(en);
      admin.client.language = 'zh_CN';
      try {
        expect(
          (await call(admin, 'adminBenefitSave', { ...benefit(), ...bad })).body.msg,
        ).toContain(zh);
      } finally {
        admin.client.language = 'en';
      }
      expect(await t.app.services.db.selectFrom('benefits').select('id').execute()).toEqual([]);
      expect(await t.app.services.db.selectFrom('audit_log').select('id').execute()).toEqual(
        before,
      );
    },
  );

  test('adding a key in use, or changing and removing an unknown one, is refused', async () => {
    await call(admin, 'adminBenefitSave', benefit());
    const again = await call(admin, 'adminBenefitSave', { ...benefit(), name: 'Other' });
    expect(again.body.code).toBe(ErrorCode.BENEFIT_EXISTS.code);
    expect((await memberItems())[0]?.name).toBe('Streaming Premium');
    const unknown = { ...benefit(), mode: 'update' as const, key: 'no-such-benefit' };
    expect((await call(admin, 'adminBenefitSave', unknown)).body.code).toBe(
      ErrorCode.BENEFIT_NOT_FOUND.code,
    );
    expect((await call(admin, 'adminBenefitRemove', { key: 'no-such-benefit' })).body.code).toBe(
      ErrorCode.BENEFIT_NOT_FOUND.code,
    );
  });

  test('finance and support cannot read or change benefits', async () => {
    await call(admin, 'adminBenefitSave', benefit());
    for (const op of [finance, support]) {
      expect((await call(op, 'adminBenefitList', { page: 1, pageSize: 10 })).body.code).toBe(
        ErrorCode.FORBIDDEN.code,
      );
      expect((await call(op, 'adminBenefitRemove', { key })).body.code).toBe(
        ErrorCode.FORBIDDEN.code,
      );
    }
    expect(await memberItems()).toHaveLength(1);
  });

  test('no console answer of this file held a password', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(JSON.stringify(answers)).not.toMatch(/Sh4red|rotated-9/);
  });
});
