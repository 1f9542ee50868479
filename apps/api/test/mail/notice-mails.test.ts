import { MEMBERSHIP_ENDING_NOTICE_DAYS, MS_PER_DAY, MS_PER_HOUR } from '@nimbus/domain';
import { formatMoney } from '@nimbus/i18n/server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { runOpsCommand, type OpsCommandName } from '../../src/ops/commands.ts';
import { buy, idempotencyKey, pressOnCheckout, userRow } from '../support/payments.ts';
import { Client } from '../support/client.ts';
import { GROUP_BUY_ON, paidGroup, quickUser } from '../support/group-buy.ts';
import { startLoopbackSmtp, type LoopbackSmtp, type ReceivedMail } from '../support/smtp.ts';
import { DIALECT, secondProcess, startTestApp, type TestApp } from '../support/test-app.ts';

// Notice e-mails as members receive them: through SMTP on loopback, in the member's language,
// the optional ones with a working one-click unsubscribe (src/mail/README.md).

const HOLDING_DAYS = 7;
let smtp: LoopbackSmtp;
let t: TestApp;
// A second server process on the same database (PostgreSQL); on SQLite the same one (its
// driver waits for locks synchronously, see group-buy-expiry.test.ts).
let other: TestApp;
beforeAll(async () => {
  smtp = await startLoopbackSmtp();
  t = await startTestApp({
    env: {
      ...GROUP_BUY_ON,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Nimbus <notices@nimbus.test>',
      PUBLIC_URL: 'https://nimbus.test',
      JOBS_INTERVAL_SECONDS: '0',
      KOL_HOLDING_DAYS: String(HOLDING_DAYS),
    },
  });
  other = DIALECT === 'postgres' ? await secondProcess(t) : t;
});
afterAll(async () => {
  if (other !== t) await other.close();
  await t.close();
  await smtp.close();
});

let counter = 0;
const address = () => `notice.${process.pid}.${++counter}.${Date.now()}@example.com`;
const jobs = (app: TestApp = t) => runScheduledJobs(app.app.services, t.clock.now);

async function member(language: 'en' | 'zh_CN' = 'en') {
  const email = address();
  const user = await quickUser(t, { email, language });
  return { ...user, email };
}

/** A new session at the test clock (the clock jumps past a session's life in these tests). */
async function signIn(user: { client: Client; userId: number }) {
  user.client.token = await t.app.services.sessions.create(user.userId, null, t.clock.now);
}

async function paidOrder(client: Client, productId = '1') {
  const order = await buy(client, { productId });
  await pressOnCheckout(t, order.checkoutUrl, 'pay');
  return order;
}

const unsubscribeUrl = (mail: ReceivedMail) => {
  const url = /(https:\/\/nimbus\.test\/unsubscribe\?key=\S+)/.exec(mail.text)?.[1];
  expect(url, `no unsubscribe link in:\n${mail.text}`).toBeDefined();
  return new URL(url ?? '');
};

const ops = async (name: OpsCommandName, ...argv: string[]) => {
  const outcome = await runOpsCommand(
    name,
    [...argv, '--json'],
    t.app.services,
    t.clock.now,
    'ops:alice',
  );
  expect(outcome.stderr).toBe('');
  expect(outcome.exitCode).toBe(0);
  return JSON.parse(outcome.stdout) as Record<string, unknown>;
};

describe('receipt and refund', () => {
  test('a payment is receipted in the member language; a refund is told; neither can be unsubscribed', async () => {
    const zh = await member('zh_CN');
    const order = await paidOrder(zh.client);
    zh.client.language = 'zh_CN';
    const shop = await zh.client.signedCall('paymentShop', {});
    const plan = shop.body.data?.items.find((p) => p.productId === '1');
    expect(plan).toBeDefined();
    await jobs();
    const [receipt] = await smtp.waitFor(zh.email);
    expect(receipt?.from).toBe('notices@nimbus.test');
    expect(receipt?.to).toEqual([zh.email]);
    expect(receipt?.subject).toBe(`您的 Nimbus 订单 ${order.orderId} 收据`);
    expect(receipt?.text).toContain(
      `实付金额：${formatMoney(plan?.priceMinor ?? -1, 'USD', 'zh-CN')}`,
    );
    expect(receipt?.text).toContain(`套餐：${plan?.name ?? '?'}`);
    expect(receipt?.text).toContain('https://nimbus.test/user/profile');
    expect(receipt?.text).not.toContain('/unsubscribe');
    expect(receipt?.headers.has('list-unsubscribe')).toBe(false);

    // Sent once: later runs send nothing more to the member.
    await jobs();
    expect(smtp.to(zh.email)).toHaveLength(1);

    await refundOrder(t.app.services, order.orderId, 'ops:alice', t.clock.now);
    await jobs();
    const [, refund] = await smtp.waitFor(zh.email, 2);
    expect(refund?.subject).toBe(`您的 Nimbus 订单 ${order.orderId} 已退款`);
    expect(refund?.text).toContain(
      `退款金额：${formatMoney(plan?.priceMinor ?? -1, 'USD', 'zh-CN')}`,
    );
    expect(refund?.headers.has('list-unsubscribe')).toBe(false);
  });

  test('an English member gets English, and a member without an e-mail address gets nothing', async () => {
    const en = await member('en');
    const order = await paidOrder(en.client);
    const phoneOnly = await quickUser(t);
    await paidOrder(phoneOnly.client);
    const before = smtp.mails.length;
    await jobs();
    const [receipt] = await smtp.waitFor(en.email);
    expect(receipt?.subject).toBe(`Your Nimbus receipt for order ${order.orderId}`);
    expect(receipt?.text).toContain('Thank you for your payment.');
    expect(smtp.mails.length - before).toBe(1);
  });
});

describe('membership ending and ended', () => {
  test('each goes once per membership end, across runs and processes, and a renewal gets its own', async () => {
    const m = await member('en');
    await paidOrder(m.client);
    await jobs();
    await smtp.waitFor(m.email); // the receipt
    const ends = (await userRow(t, m.userId)).standard_expires_at ?? 0;

    // Not yet due: more than 3 days left.
    t.clock.now = ends - MEMBERSHIP_ENDING_NOTICE_DAYS * MS_PER_DAY - MS_PER_HOUR;
    await jobs();
    expect(smtp.to(m.email)).toHaveLength(1);

    // Due: two processes run the jobs at once, then both again (a restart changes nothing).
    t.clock.now = ends - 2 * MS_PER_DAY;
    await Promise.all([jobs(t), jobs(other)]);
    await Promise.all([jobs(t), jobs(other)]);
    const [, ending] = await smtp.waitFor(m.email, 2);
    expect(ending?.subject).toBe('Your Nimbus Standard membership ends in 3 days');
    expect(ending?.text).toContain('https://nimbus.test/pricing');
    expect(smtp.to(m.email)).toHaveLength(2);
    expect(
      await t.app.services.db
        .selectFrom('mail_queue')
        .select('id')
        .where('to_address', '=', m.email)
        .where('kind', '=', 'membership_ending')
        .execute(),
    ).toHaveLength(1);

    t.clock.now = ends + MS_PER_HOUR;
    await Promise.all([jobs(t), jobs(other)]);
    await jobs();
    const [, , ended] = await smtp.waitFor(m.email, 3);
    expect(ended?.subject).toBe('Your Nimbus Standard membership has ended');
    expect(smtp.to(m.email)).toHaveLength(3);

    // Renewed: the new end gets its own reminder.
    await signIn(m);
    await paidOrder(m.client);
    const renewedEnds = (await userRow(t, m.userId)).standard_expires_at ?? 0;
    expect(renewedEnds).toBeGreaterThan(ends);
    t.clock.now = renewedEnds - MS_PER_DAY;
    await jobs();
    const mails = await smtp.waitFor(m.email, 5);
    expect(mails.map((mail) => mail.subject.split(' ').slice(0, 3).join(' '))).toEqual([
      'Your Nimbus receipt',
      'Your Nimbus Standard',
      'Your Nimbus Standard',
      'Your Nimbus receipt',
      'Your Nimbus Standard',
    ]);
    expect(mails[4]?.subject).toBe('Your Nimbus Standard membership ends in 3 days');
    t.clock.now = Date.now();
  });

  test('a free trial alone gets no reminders, nor does an end long past', async () => {
    const m = await member('zh_CN');
    const now = t.clock.now;
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: now + MS_PER_DAY })
      .where('id', '=', m.userId)
      .execute();
    await jobs();
    expect(smtp.to(m.email)).toHaveLength(0);

    const old = await member('en');
    await paidOrder(old.client);
    await jobs();
    await smtp.waitFor(old.email);
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: now - 30 * MS_PER_DAY })
      .where('id', '=', old.userId)
      .execute();
    await jobs();
    expect(smtp.to(old.email)).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  async function endingMail(language: 'en' | 'zh_CN') {
    const m = await member(language);
    await paidOrder(m.client);
    const ends = (await userRow(t, m.userId)).standard_expires_at ?? 0;
    t.clock.now = ends - MS_PER_DAY;
    await jobs();
    const mails = await smtp.waitFor(m.email, 2);
    t.clock.now = Date.now();
    return { m, ends, mail: mails[1] as ReceivedMail };
  }

  test('a reminder carries the one-click link, in the text and as List-Unsubscribe; one POST turns the category off', async () => {
    const { m, ends, mail } = await endingMail('zh_CN');
    expect(mail.subject).toBe('您的 Nimbus 标准版会员将在 3 天后到期');
    expect(mail.text).toContain('一键退订：https://nimbus.test/unsubscribe?key=');
    const page = unsubscribeUrl(mail);
    const token = page.searchParams.get('key') ?? '';
    const header = mail.headers.get('list-unsubscribe') ?? '';
    expect(header).toContain(
      `https://nimbus.test/v4/mail/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await signIn(m);
    // A GET (a link checker) changes nothing: it leads to the page.
    const get = await t.app.inject({
      method: 'GET',
      url: `/v4/mail/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(get.statusCode).toBe(302);
    expect(get.headers.location).toBe(`/unsubscribe?key=${encodeURIComponent(token)}`);
    expect((await m.client.ok('userMailPreferences', {})).categories).toEqual([
      { category: 'reminders', subscribed: true },
      { category: 'updates', subscribed: true },
    ]);

    // The mail program's one-click POST (RFC 8058).
    const post = await t.app.inject({
      method: 'POST',
      url: `/v4/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect((await m.client.ok('userMailPreferences', {})).categories).toEqual([
      { category: 'reminders', subscribed: false },
      { category: 'updates', subscribed: true },
    ]);

    // The "ended" notice is not sent now; the receipt of a renewal (essential) still is.
    t.clock.now = ends + MS_PER_HOUR;
    await jobs();
    expect(smtp.to(m.email)).toHaveLength(2);
    const skipped = await t.app.services.db
      .selectFrom('mail_queue')
      .select('status')
      .where('to_address', '=', m.email)
      .where('kind', '=', 'membership_ended')
      .execute();
    expect(skipped).toEqual([{ status: 'skipped' }]);
    await signIn(m);
    await paidOrder(m.client);
    await jobs();
    expect((await smtp.waitFor(m.email, 3))[2]?.subject).toContain('收据');
    t.clock.now = Date.now();

    // Back on in the account centre: the next reminder comes again.
    await signIn(m);
    await m.client.ok('userMailPreferencesUpdate', { category: 'reminders', subscribed: true });
    const renewedEnds = (await userRow(t, m.userId)).standard_expires_at ?? 0;
    t.clock.now = renewedEnds - MS_PER_DAY;
    await jobs();
    expect((await smtp.waitFor(m.email, 4))[3]?.subject).toBe(
      '您的 Nimbus 标准版会员将在 3 天后到期',
    );
    t.clock.now = Date.now();
  });

  test('the page call unsubscribes too; a forged or altered token is refused and changes nothing', async () => {
    const { m, mail } = await endingMail('en');
    expect(mail.text).toContain('Unsubscribe with one click: https://nimbus.test/unsubscribe?key=');
    const token = unsubscribeUrl(mail).searchParams.get('key') ?? '';
    await signIn(m);
    const visitor = new Client(t.app);

    const [id, , mac] = token.split('.');
    for (const forged of [
      `${id ?? ''}.updates.${mac ?? ''}`,
      `${Number(id) + 1}.reminders.${mac ?? ''}`,
      `${id ?? ''}.reminders.${'A'.repeat(22)}`,
      'garbage',
    ]) {
      const refused = await visitor.call('userMailUnsubscribe', { token: forged });
      expect(refused.body).toMatchObject({ code: 2401, status: 'MailLinkInvalid' });
      expect(refused.body.msg).toBe(
        'This unsubscribe link is not valid. Open it again from the e-mail, or change your e-mail choices in the account centre.',
      );
    }
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/v4/mail/unsubscribe?token=garbage`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(400);
    expect(
      (await m.client.ok('userMailPreferences', {})).categories.every((c) => c.subscribed),
    ).toBe(true);

    expect(await visitor.ok('userMailUnsubscribe', { token })).toEqual({ category: 'reminders' });
    // Twice is the same answer and the same state.
    expect(await visitor.ok('userMailUnsubscribe', { token })).toEqual({ category: 'reminders' });
    expect((await m.client.ok('userMailPreferences', {})).categories).toEqual([
      { category: 'reminders', subscribed: false },
      { category: 'updates', subscribed: true },
    ]);
  });
});

describe('group buys', () => {
  test('a finished group tells its member (with an unsubscribe link); an expired one tells of the refund', async () => {
    const creator = await member('en');
    await paidGroup(t, creator.client, { productId: '3', size: 2, paymentType: 0 });
    await jobs();
    const mails = await smtp.waitFor(creator.email, 2);
    const finished = mails.find((m) => m.subject === 'Your Nimbus group buy is complete');
    expect(finished?.text).toContain('is full (2 members)');
    expect(finished?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    unsubscribeUrl(finished as ReceivedMail);

    const lonely = await member('zh_CN');
    const group = await paidGroup(t, lonely.client, { productId: '1', size: 3, paymentType: 1 });
    await jobs();
    await smtp.waitFor(lonely.email, 1); // the receipt
    t.clock.advance(2 * MS_PER_DAY);
    await jobs(); // closes the group and queues the refund, then refunds it
    await jobs();
    const all = await smtp.waitFor(lonely.email, 3);
    const expired = all.find((m) => m.subject === '您的 Nimbus 拼团未能成团');
    expect(expired?.text).toContain(`订单 ${group.orderId}`);
    expect(expired?.headers.has('list-unsubscribe')).toBe(false);
    expect(all.some((m) => m.subject === `您的 Nimbus 订单 ${group.orderId} 已退款`)).toBe(true);
    t.clock.now = Date.now();
  });
});

describe('the affiliate programme', () => {
  const application = {
    links: ['https://youtube.com/@reviews'],
    audience: 'VPN reviews for 20k subscribers',
    wallet: { network: 'bsc', address: `0x${'ab'.repeat(20)}` },
  };

  test('a declined application is told with its reason, an approved one with the rate, a payout with its wallet', async () => {
    const m = await member('en');
    const first = await m.client.ok('systemKolApply', application);
    await ops(
      'kol',
      'decline',
      first.application?.id ?? '',
      '--reason=Please link a channel with an audience',
    );
    await jobs();
    const [declined] = await smtp.waitFor(m.email);
    expect(declined?.subject).toBe('Your Nimbus affiliate application');
    expect(declined?.text).toContain('Reason: Please link a channel with an audience');
    unsubscribeUrl(declined as ReceivedMail);

    const second = await m.client.ok('systemKolApply', application);
    await ops('kol', 'approve', second.application?.id ?? '', '--rate=60');
    await jobs();
    const [, approved] = await smtp.waitFor(m.email, 2);
    expect(approved?.subject).toBe('Welcome to the Nimbus affiliate programme');
    expect(approved?.text).toContain('You earn 60% on the first purchase');

    const friend = await quickUser(t, { inviterId: m.userId });
    const order = await buy(friend.client, { productId: '4', idempotencyKey: idempotencyKey() });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    t.clock.advance(HOLDING_DAYS * MS_PER_DAY + 1000);
    const txHash = `0x${'7c'.repeat(32)}`;
    const payout = await ops('payout', `--kol=${m.userId}`, `--tx=${txHash}`);
    await jobs();
    const [, , sent] = await smtp.waitFor(m.email, 3);
    expect(sent?.subject).toMatch(/^Your Nimbus affiliate payout of \$[\d,.]+ was sent$/);
    expect(sent?.subject).toContain(formatMoney(Number(payout.amountMinor), 'USD', 'en'));
    expect(sent?.text).toContain(`Wallet: 0x${'ab'.repeat(20)}`);
    expect(sent?.text).toContain('Network: BNB Smart Chain');
    expect(sent?.text).toContain(`Transaction: ${txHash}`);
    expect(sent?.headers.has('list-unsubscribe')).toBe(false);
    t.clock.now = Date.now();
  });
});
