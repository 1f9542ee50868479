import { ErrorCode } from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runOpsCommand } from '../../src/ops/commands.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: SignedInOperator;
let support: SignedInOperator;
beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_INTERVAL_SECONDS: '0' } });
  admin = await enrolledOperator(t, 'admin');
  support = await enrolledOperator(t, 'support');
});
afterAll(() => t.close());

const auditRows = () =>
  t.app.services.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'subject_id'])
    .where('subject_type', '=', 'setting')
    .orderBy('id')
    .execute();

const notice = {
  id: 'maintenance-1',
  level: 'warning' as const,
  text: { en: 'Maintenance tonight', 'zh-CN': '今晚维护' },
  link: '/pricing',
  startsAt: null,
  endsAt: null,
};

describe('settings in the console', () => {
  test('an admin switches a feature off and back to its default; the apps follow', async () => {
    const { items } = await admin.client.ok('adminSettingList', {});
    const redeem = items.find((s) => s.key === 'features.redeem');
    expect(redeem).toMatchObject({ boolean: true, text: 'true', isSet: false });
    expect(items.find((s) => s.key === 'links.githubMirrors')?.boolean).toBe(false);

    const off = await admin.client.ok('adminSettingSet', { key: 'features.redeem', text: 'false' });
    expect(off.setting).toMatchObject({ text: 'false', isSet: true, defaultText: 'true' });
    expect(off.setting.updatedBy).toBe(`operator:${admin.operatorId}`);
    const config = async () =>
      (await new Client(t.app).signedCall('systemDisplayConfig', {})).body.data;
    expect((await config())?.features.redeem).toBe(false);
    // pnpm ops reads the same value.
    const got = await runOpsCommand(
      'settings',
      ['get', 'features.redeem', '--json'],
      t.app.services,
      t.clock.now,
    );
    expect(JSON.parse(got.stdout)).toMatchObject({ value: false, isSet: true });

    const back = await admin.client.ok('adminSettingUnset', { key: 'features.redeem' });
    expect(back.setting).toMatchObject({ text: 'true', isSet: false });
    expect((await config())?.features.redeem).toBe(true);
    expect((await auditRows()).map((r) => [r.action, r.subject_id, r.actor])).toEqual([
      ['setting.set', 'features.redeem', `operator:${admin.operatorId}`],
      ['setting.unset', 'features.redeem', `operator:${admin.operatorId}`],
    ]);
  });

  test('mirrors and instants round-trip in their text form', async () => {
    const mirrors = await admin.client.ok('adminSettingSet', {
      key: 'links.githubMirrors',
      text: 'hub=https://mirror.example.com/nimbus',
    });
    expect(mirrors.setting.text).toBe('hub=https://mirror.example.com/nimbus');
    const start = await admin.client.ok('adminSettingSet', {
      key: 'groupBuy.startsAt',
      text: '2027-01-01T00:00:00.000Z',
    });
    expect(start.setting.text).toBe('2027-01-01T00:00:00.000Z');
  });

  test('a bad value or key is refused with the reason and changes nothing', async () => {
    const before = await auditRows();
    for (const [key, text] of [
      ['features.redeem', 'maybe'],
      ['payments.promoHoldMinutes', '0'],
      ['no.such.key', '1'],
    ] as const) {
      const answer = await admin.client.call('adminSettingSet', { key, text });
      expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
      expect(answer.body.msg).toMatch(/^This value is not valid: .+/);
    }
    expect(await auditRows()).toEqual(before);
    expect(
      (await support.client.call('adminSettingSet', { key: 'features.redeem', text: 'false' })).body
        .code,
    ).toBe(ErrorCode.FORBIDDEN.code);
  });
});

describe('site notices in the console', () => {
  test('support adds, edits and removes a notice; the apps show it', async () => {
    const added = await support.client.ok('adminNoticeSave', { notice });
    expect(added.notices).toEqual([notice]);
    const shown = async () =>
      (await new Client(t.app).signedCall('systemDisplayConfig', {})).body.data?.notices ?? [];
    expect((await shown()).map((n) => n.id)).toEqual(['maintenance-1']);

    const edited = { ...notice, level: 'info' as const, link: null };
    expect((await support.client.ok('adminNoticeSave', { notice: edited })).notices).toEqual([
      edited,
    ]);
    expect((await support.client.ok('adminNoticeList', {})).notices).toEqual([edited]);
    expect((await support.client.ok('adminNoticeRemove', { id: 'maintenance-1' })).notices).toEqual(
      [],
    );
    expect(await shown()).toEqual([]);
    expect((await auditRows()).filter((r) => r.subject_id === 'notices')).toHaveLength(3);
  });

  test('a notice without its Chinese text is refused; support cannot reach other settings', async () => {
    const answer = await support.client.call('adminNoticeSave', {
      notice: { ...notice, text: { en: 'Only English' } },
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION_FAILED.code);
    expect((await support.client.call('adminSettingList', {})).body.code).toBe(
      ErrorCode.FORBIDDEN.code,
    );
  });
});
