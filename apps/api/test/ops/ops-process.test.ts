import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { GroupBuyPaymentType, MS_PER_HOUR } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildServer } from '../../scripts/build.ts';
import { idempotencyKey } from '../support/payments.ts';
import { GROUP_BUY_ON, groupOrderRows, pay, paidGroup, quickUser } from '../support/group-buy.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// `pnpm ops` as operators run it: the bundle scripts/build.ts makes (dist/ops.js), started by
// node as real separate processes on the test's database.
const outdir = path.resolve(
  import.meta.dirname,
  `../../node_modules/.cache/ops-test-${randomBytes(4).toString('hex')}`,
);
let t: TestApp;

beforeAll(async () => {
  await buildServer(outdir);
  t = await startTestApp({ env: { ...GROUP_BUY_ON, JOBS_INTERVAL_SECONDS: '0' } });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(outdir, { recursive: true, force: true });
});

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function ops(...argv: string[]): Promise<Ran> {
  return opsWith({}, ...argv);
}

function opsWith(extra: Record<string, string>, ...argv: string[]): Promise<Ran> {
  const { config } = t;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: config.dataDir,
    GROUP_BUY_ENABLED: 'true',
    ...(config.databaseUrl
      ? { DATABASE_URL: config.databaseUrl, DATABASE_SCHEMA: config.databaseSchema ?? '' }
      : {}),
    ...extra,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(outdir, 'ops.js'), ...argv], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('pnpm ops in separate processes', () => {
  test('check in production lists what would stop the start (exit 1) and what members would miss', async () => {
    const failing = await opsWith({ NODE_ENV: 'production', WORKERS: '2' }, 'check');
    expect(failing.code).toBe(1);
    const lines = failing.stdout.split('\n');
    expect(lines).toContain(
      'error: PUBLIC_URL is not set: links in e-mails and payment returns would point at http://localhost:8080; set PUBLIC_URL=https://<your domain>',
    );
    const warned = lines
      .filter((l) => l.startsWith('warning: '))
      .map((l) => l.split(':')[1]?.trim());
    expect(warned).toEqual(
      expect.arrayContaining([
        'SMTP_URL is not set',
        'SMS_WEBHOOK_URL is not set',
        'METRICS_TOKEN is not set',
      ]),
    );
    if (t.config.databaseUrl === undefined) expect(warned).toContain('SQLite with WORKERS=2');
    const passing = await opsWith(
      {
        NODE_ENV: 'production',
        WORKERS: '1',
        PUBLIC_URL: 'https://vpn.example.com',
        HOST: '0.0.0.0',
        SMTP_URL: 'smtps://nimbus:mail-password@mail.example.com:465',
        MAIL_FROM: 'Nimbus <no-reply@vpn.example.com>',
        SMS_WEBHOOK_URL: 'https://sms.example.com/send',
        SUPPORT_EMAIL: 'support@vpn.example.com',
        METRICS_TOKEN: randomBytes(32).toString('hex'),
        SERVER_SECRET: randomBytes(32).toString('hex'),
      },
      'check',
      '--json',
    );
    expect(passing.code).toBe(0);
    const json = JSON.parse(passing.stdout) as { errors: string[]; warnings: string[] };
    expect(json.errors).toEqual([]);
    // What is left is about this test's database and payments, not the settings above.
    expect(json.warnings.filter((w) => !/payment|plan|DATABASE_URL/.test(w))).toEqual([
      'no backup in the last 2 days (last: never): run pnpm ops backup --to=<folder> nightly (docs/production.md section 5)',
    ]);
  });

  test('in production without PUBLIC_URL a command that may queue notices is refused in one line', async () => {
    const refused = await opsWith({ NODE_ENV: 'production' }, 'jobs', '--json');
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^PUBLIC_URL is not set: [^\n]*localhost:8080\)\n$/);
    const ran = await opsWith(
      { NODE_ENV: 'production', PUBLIC_URL: 'https://nimbus.example' },
      'jobs',
      '--json',
    );
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
  });

  test("two job runs at once refund an expired pay-self group's paid shares exactly once", async () => {
    // The group was opened 25 hours ago (the processes run on the real clock).
    t.clock.now = Date.now() - 25 * MS_PER_HOUR;
    const creator = await quickUser(t);
    const { group, orderId } = await paidGroup(t, creator.client, {
      productId: '1',
      size: 3,
      paymentType: GroupBuyPaymentType.PAY_SELF,
    });
    const friend = await quickUser(t);
    const share = await friend.client.ok('paymentJointJoinForPay', {
      groupId: group.groupId,
      paymentMethod: 'card',
      idempotencyKey: idempotencyKey(),
    });
    await pay(t, share.checkoutUrl);

    const runs = await Promise.all([ops('jobs', '--json'), ops('jobs', '--json')]);
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0, stderr: '' });
    const totals = runs.map(
      (r) => JSON.parse(r.stdout) as { groupsExpired: number; paymentsRefunded: number },
    );
    expect(totals.reduce((n, r) => n + r.groupsExpired, 0)).toBe(1);
    expect(totals.reduce((n, r) => n + r.paymentsRefunded, 0)).toBe(2);

    const { db } = t.app.services;
    expect((await groupOrderRows(t, group.groupId)).map((o) => o.status)).toEqual([
      'refunded',
      'refunded',
    ]);
    for (const id of [orderId, share.orderId]) {
      const refunds = await db
        .selectFrom('audit_log')
        .select('actor')
        .where('action', '=', 'order.refunded')
        .where('subject_id', '=', id)
        .execute();
      expect(refunds).toEqual([{ actor: 'system' }]);
    }
    const queue = await db.selectFrom('group_buy_refunds').select(['status', 'attempts']).execute();
    expect(queue).toEqual([
      { status: 'done', attempts: 1 },
      { status: 'done', attempts: 1 },
    ]);
    expect((await ops('jobs')).stdout).toBe(
      'groups closed: 0\npayments refunded: 0\ntraffic days rolled up: 0\nmembership notices queued: 0\nnotice e-mails sent: 0\nnode alerts opened or resolved: 0\ntelegram messages sent: 0\nwebhook deliveries made: 0\n',
    );
  });

  test('changes are audited as the operating system user; exit codes say usage (2) or refusal (1)', async () => {
    const created = await ops('coupons', 'create', '--code=PROCESS5', '--percent=5');
    expect(created).toMatchObject({ code: 0, stdout: 'coupon PROCESS5 created: 5% off\n' });
    const row = await t.app.services.db
      .selectFrom('audit_log')
      .select('actor')
      .where('action', '=', 'promo.created')
      .executeTakeFirstOrThrow();
    expect(row.actor).toBe(`ops:${userInfo().username}`);

    const usage = await ops('payout');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^--kol is required\nusage: pnpm ops payout/);
    const refused = await ops('orders', 'refund', 'NOPE');
    expect(refused).toMatchObject({ code: 1, stderr: 'no order NOPE\n' });
    const plans = JSON.parse((await ops('plans', 'list', '--json')).stdout) as { id: number }[];
    expect(plans.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const unknown = await ops('launch');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^pnpm ops: unknown command "launch"\n/);
    expect(unknown.stderr).toMatch(
      /usage: pnpm ops <.*plans\|coupons\|redeem\|benefits\|nodes\|kol\|commissions\|payout\|orders\|user\|jobs\|settings\|operators>/,
    );
  });

  test('help lists every command with what it does; an old name points to the new one', async () => {
    const help = await ops('help');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    for (const name of [
      'check',
      'migrate',
      'keys',
      'prune',
      'plans',
      'coupons',
      'redeem',
      'benefits',
      'nodes',
      'kol',
      'commissions',
      'payout',
      'orders',
      'user',
      'jobs',
      'settings',
    ])
      expect(help.stdout).toMatch(new RegExp(`^  ${name} +\\S.+$`, 'm'));
    expect((await ops('--help')).stdout).toBe(help.stdout);

    // A command's own help: what it does and its arguments, on stdout, exit 0, nothing run.
    const nodes = await ops('nodes', '--help');
    expect(nodes).toMatchObject({ code: 0, stderr: '' });
    expect(nodes.stdout).toMatch(/^add, list.*\n\nusage: pnpm ops nodes add --key=/);
    const jobs = await ops('jobs', '-h');
    expect(jobs).toEqual({
      code: 0,
      stdout: expect.stringMatching(/usage: pnpm ops jobs\n$/),
      stderr: '',
    });

    const renamed = await ops('redeem-create', '--type=lite', '--days=3');
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toMatch(/^"redeem-create" is now: pnpm ops redeem create/);
  });

  test('help loads no command: the entry imports no package and no command code', () => {
    // What ops.js loads before it runs anything: its static imports, and theirs, in the bundle.
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = readFileSync(file, 'utf8');
      for (const [, spec] of code.matchAll(/^(?:import|export)\b[^;'"]*?["']([^"']+)["'];?$/gm)) {
        if (spec === undefined) continue;
        if (spec.startsWith('.')) visit(path.resolve(path.dirname(file), spec));
        else packages.add(spec);
      }
    };
    visit(path.join(outdir, 'ops.js'));
    expect([...packages]).toEqual([]);
    expect(seen.size).toBe(1);
  });

  test('migrate and prune are audited as the operating system user', async () => {
    expect(await ops('migrate')).toMatchObject({ code: 0, stderr: '' });
    expect(await ops('prune')).toMatchObject({ code: 0, stdout: 'expired rows deleted\n' });
    const rows = await t.app.services.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('action', 'in', ['ops.migrated', 'ops.pruned'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'ops.migrated', actor: `ops:${userInfo().username}` },
      { action: 'ops.pruned', actor: `ops:${userInfo().username}` },
    ]);
  });
});
