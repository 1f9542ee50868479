import { randomBytes } from 'node:crypto';
import { MS_PER_DAY } from '@nimbus/domain';
import { formatDate } from '@nimbus/i18n/server';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditTrail } from '../../src/audit/store.ts';
import {
  BenefitInputError,
  removeBenefit,
  saveBenefit,
  type BenefitInput,
} from '../../src/benefits/manage-benefits.ts';
import { benefitSecrets } from '../../src/benefits/store.ts';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { member, yearlyMember } from '../support/third-party.ts';

let t: TestApp;
let client: Client;

let STREAMING: BenefitInput;
let MUSIC: BenefitInput;

beforeEach(async () => {
  t = await startTestApp();
  client = new Client(t.app);
  // PostgreSQL keeps one schema per test file: each test starts from an empty catalogue, and its
  // keys are its own so the audit trail it reads is its own too.
  await t.app.services.db.deleteFrom('benefits').execute();
  const run = randomBytes(3).toString('hex');
  STREAMING = {
    key: `streaming-${run}`,
    name: 'Streaming Premium',
    link: 'https://streaming.example/login',
    accountName: 'family-7@nimbus.example',
    password: 'Sh4red p@ss!',
  };
  MUSIC = {
    key: `music-${run}`,
    name: 'Music Family',
    link: 'https://music.example',
    accountName: 'music@nimbus.example',
    password: 'tune-in-42',
    sortOrder: -1,
  };
});
afterEach(() => t.close());

const ops = () => ({ actor: 'ops:alice' as const, now: t.clock.now });
const box = () => benefitSecrets(t.app.services.secret);

async function seed(): Promise<void> {
  await saveBenefit(t.app.services.db, box(), STREAMING, ops());
  await saveBenefit(t.app.services.db, box(), MUSIC, ops());
}

describe('system_benefits (the public offer)', () => {
  test('lists what yearly members get, in display order, without account names or passwords, to anyone', async () => {
    await seed();
    const offer = await client.ok('systemBenefits', {});
    expect(offer).toEqual({
      items: [
        { benefitId: MUSIC.key, name: 'Music Family', link: 'https://music.example' },
        {
          benefitId: STREAMING.key,
          name: 'Streaming Premium',
          link: 'https://streaming.example/login',
        },
      ],
    });
  });

  test('an empty catalogue is an empty list', async () => {
    expect(await client.ok('systemBenefits', {})).toEqual({ items: [] });
  });
});

describe('system_user_benefits', () => {
  test('a yearly member with running benefits gets the accounts and passwords, and until when', async () => {
    await seed();
    await yearlyMember(t, client, 200);
    const data = await client.ok('systemUserBenefits', {});
    expect(data).toEqual({
      benefitsExpireTime: t.clock.now + 200 * MS_PER_DAY,
      items: [
        {
          benefitId: MUSIC.key,
          name: 'Music Family',
          accountName: 'music@nimbus.example',
          password: 'tune-in-42',
          link: 'https://music.example',
        },
        {
          benefitId: STREAMING.key,
          name: 'Streaming Premium',
          accountName: 'family-7@nimbus.example',
          password: 'Sh4red p@ss!',
          link: 'https://streaming.example/login',
        },
      ],
    });
  });

  test('a member without a yearly plan gets NO_BENEFITS with a message the page can show, in their language', async () => {
    await seed();
    await member(t, client);
    const answer = await client.call('systemUserBenefits', {});
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      code: 1701,
      status: 'NoBenefits',
      msg: "You don't have any benefits yet.",
      data: null,
    });
    client.language = 'zh_CN';
    expect((await client.call('systemUserBenefits', {})).body.msg).toBe('您暂时还没有福利');
  });

  test('benefits that ran out: NO_BENEFITS saying when, and how to get them back', async () => {
    await seed();
    await yearlyMember(t, client, 10);
    t.clock.advance(11 * MS_PER_DAY);
    const expiredAt = t.clock.now - MS_PER_DAY;
    const answer = await client.call('systemUserBenefits', {});
    expect(answer.body).toMatchObject({ code: 1701, status: 'NoBenefits', data: null });
    expect(answer.body.msg).toBe(
      `Your benefits expired on ${formatDate(expiredAt, 'en', { timeZone: 'UTC' })}. Renew a yearly plan to get them back.`,
    );
  });

  test('the yearly flag alone, or a running expiry without the flag, is not enough', async () => {
    await seed();
    const userId = await yearlyMember(t, client);
    await t.app.services.db
      .updateTable('users')
      .set({ yearly_paid_user: 0 })
      .where('id', '=', userId)
      .execute();
    expect((await client.call('systemUserBenefits', {})).body.status).toBe('NoBenefits');
    await t.app.services.db
      .updateTable('users')
      .set({ yearly_paid_user: 1, benefits_expires_at: null })
      .where('id', '=', userId)
      .execute();
    expect((await client.call('systemUserBenefits', {})).body.status).toBe('NoBenefits');
  });

  test("another user's session cannot read them: a session is the entitlement, not the benefit id", async () => {
    await seed();
    await yearlyMember(t, client);
    const stranger = new Client(t.app);
    await registerWithUsername(stranger);
    const answer = await stranger.call('systemUserBenefits', {});
    expect(answer.body.status).toBe('NoBenefits');
    expect(JSON.stringify(answer.body)).not.toContain('tune-in-42');
    const anonymous = await new Client(t.app).call('systemUserBenefits', {});
    expect(anonymous.status).toBe(401);
  });
});

describe('benefits at rest and their operations', () => {
  test('passwords are not stored in plaintext, and a sealed password moved to another row does not open', async () => {
    await seed();
    const rows = await t.app.services.db
      .selectFrom('benefits')
      .selectAll()
      .orderBy('benefit_key')
      .execute();
    for (const row of rows) {
      const secret = row.benefit_key === MUSIC.key ? 'tune-in-42' : 'Sh4red p@ss!';
      const raw = JSON.stringify(row);
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(Buffer.from(secret).toString('base64'));
      expect(raw).not.toContain(Buffer.from(secret).toString('hex'));
      expect(row.password_sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    }
    // Two benefits with the same password get different ciphertexts (random IV).
    await saveBenefit(t.app.services.db, box(), { ...STREAMING, key: `${STREAMING.key}-b` }, ops());
    const [a, b] = await t.app.services.db
      .selectFrom('benefits')
      .select('password_sealed')
      .where('benefit_key', 'in', [STREAMING.key, `${STREAMING.key}-b`])
      .execute();
    expect(a?.password_sealed).not.toBe(b?.password_sealed);

    const music = rows.find((r) => r.benefit_key === MUSIC.key);
    await t.app.services.db
      .updateTable('benefits')
      .set({ password_sealed: music?.password_sealed ?? '' })
      .where('benefit_key', '=', STREAMING.key)
      .execute();
    await yearlyMember(t, client);
    const answer = await client.call('systemUserBenefits', {});
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('tune-in-42');
  });

  test('update keeps the password unless a new one is given; remove takes it out; each change is audited without the secret', async () => {
    await seed();
    expect(
      await saveBenefit(
        t.app.services.db,
        box(),
        { ...STREAMING, name: 'Streaming 4K', password: undefined },
        ops(),
      ),
    ).toBe('updated');
    await yearlyMember(t, client);
    let items = (await client.ok('systemUserBenefits', {})).items;
    expect(items.find((i) => i.benefitId === STREAMING.key)).toMatchObject({
      name: 'Streaming 4K',
      password: 'Sh4red p@ss!',
    });

    await saveBenefit(t.app.services.db, box(), { ...STREAMING, password: 'rotated-9' }, ops());
    expect(await removeBenefit(t.app.services.db, MUSIC.key, ops())).toBe(true);
    expect(await removeBenefit(t.app.services.db, MUSIC.key, ops())).toBe(false);
    items = (await client.ok('systemUserBenefits', {})).items;
    expect(items.map((i) => [i.benefitId, i.password])).toEqual([[STREAMING.key, 'rotated-9']]);

    const trail = await auditTrail(t.app.services.db, 'benefit', STREAMING.key);
    expect(trail.map((r) => [r.action, r.actor])).toEqual([
      ['benefit.created', 'ops:alice'],
      ['benefit.updated', 'ops:alice'],
      ['benefit.updated', 'ops:alice'],
    ]);
    expect(trail.map((r) => (r.data as { passwordChanged: boolean }).passwordChanged)).toEqual([
      true,
      false,
      true,
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/Sh4red|rotated-9/);
    expect(
      (await auditTrail(t.app.services.db, 'benefit', MUSIC.key)).map((r) => r.action),
    ).toEqual(['benefit.created', 'benefit.removed']);
  });

  test.each([
    ['a key with capitals', { key: 'Streaming-X' }, 'The key must be'],
    ['a link that is not http', { link: 'javascript:alert(1)' }, 'The link must be a web address'],
    ['no account name', { accountName: '  ' }, 'The account name must be'],
    [
      'no password for a new benefit',
      { password: undefined },
      "A new benefit needs the account's password",
    ],
    [
      'a name with a line break',
      { name: 'Stream\ning' },
      'The name must be 1-200 characters on one line',
    ],
  ])('refuses %s, listing the problem, and writes nothing', async (_label, change, problem) => {
    const attempt = saveBenefit(t.app.services.db, box(), { ...STREAMING, ...change }, ops());
    await expect(attempt).rejects.toBeInstanceOf(BenefitInputError);
    await expect(attempt).rejects.toThrow(problem);
    expect(await t.app.services.db.selectFrom('benefits').select('id').execute()).toEqual([]);
    expect(await auditTrail(t.app.services.db, 'benefit', STREAMING.key)).toEqual([]);
  });
});
