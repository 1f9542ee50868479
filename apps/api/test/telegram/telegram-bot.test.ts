import { startTelegramStandin, type TelegramStandin } from '@nimbus/e2e-kit/telegram';
import { MS_PER_DAY } from '@nimbus/domain';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runScheduledJobs } from '../../src/jobs/scheduled-jobs.ts';
import { buy, pressOnCheckout } from '../support/payments.ts';
import type { Client } from '../support/client.ts';
import { quickUser } from '../support/group-buy.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// The Telegram bot against a local stand-in of the Bot API (grammY's own client and webhook code
// run unchanged): linking with a one-time t.me link, the commands, notices by the job queue, and
// what it refuses (src/telegram/README.md).

let standin: TelegramStandin;
let t: TestApp;
let origin: string;
let chat = 900_000;

beforeAll(async () => {
  standin = await startTelegramStandin();
  t = await startTestApp({
    env: { ...standin.env, PUBLIC_URL: 'https://nimbus.test', JOBS_INTERVAL_SECONDS: '0' },
  });
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
  await standin.close();
});

const jobs = () => runScheduledJobs(t.app.services, t.clock.now);
const send = (
  text: string,
  chatId: number,
  extra: Parameters<TelegramStandin['deliver']>[1] = { id: chatId },
) => standin.deliver(text, { ...extra, id: chatId }, origin);

/** A member who linked a new chat; returns the chat id. */
async function linked(client: Client, username?: string): Promise<number> {
  const { url } = await client.ok('userTelegramLink', {});
  const code = new URL(url).searchParams.get('start') ?? '';
  const chatId = ++chat;
  expect(await send(`/start ${code}`, chatId, { id: chatId, username })).toBe(200);
  // The welcome, in the member's language: both name the account "Nimbus".
  await standin.waitForMessage(chatId, 'Nimbus');
  return chatId;
}

test('the server sets its webhook with a secret; an update without it is refused', async () => {
  const hook = await standin.webhook();
  expect(hook.url).toBe('https://nimbus.test/telegram/webhook');
  expect(hook.secret).toMatch(/^[A-Za-z0-9_-]{20,256}$/);
  for (const secret of [undefined, 'wrong']) {
    const res = await fetch(`${origin}/telegram/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}),
      },
      body: JSON.stringify({
        update_id: 1,
        message: { message_id: 1, date: 1, chat: { id: 1, type: 'private' }, text: '/help' },
      }),
    });
    expect(res.status).toBe(401);
  }
  expect(standin.sent.filter((m) => m.chatId === '1')).toEqual([]);
});

describe('linking', () => {
  test('a one-time t.me link links the chat that presses Start, once', async () => {
    const { client } = await quickUser(t, { email: `tg.${Date.now()}@example.com` });
    expect(await client.ok('userTelegramStatus', {})).toEqual({
      available: true,
      linked: false,
      username: null,
      linkedAt: null,
      notices: false,
    });
    const { url, expiresAt } = await client.ok('userTelegramLink', {});
    expect(url).toMatch(/^https:\/\/t\.me\/NimbusStandinBot\?start=[A-Za-z0-9_-]{22}$/);
    expect(expiresAt).toBe(t.clock.now + 10 * 60_000);
    const code = new URL(url).searchParams.get('start') ?? '';

    const first = ++chat;
    await send(`/start ${code}`, first, { id: first, username: 'member_one' });
    const reply = await standin.waitForMessage(first, 'linked to your Nimbus account');
    expect(reply.text).toMatch(/tg\*\*\*@example\.com/);
    expect(await client.ok('userTelegramStatus', {})).toMatchObject({
      linked: true,
      username: 'member_one',
      notices: true,
    });

    // The same code again, from another chat: refused, nothing linked there.
    const second = ++chat;
    await send(`/start ${code}`, second, { id: second });
    await standin.waitForMessage(second, 'expired or was already used');
    await send('/status', second, { id: second });
    await standin.waitForMessage(second, 'not linked to a Nimbus account');
  });

  test('an expired code links nothing; a code in a group is refused', async () => {
    const { client } = await quickUser(t);
    const { url } = await client.ok('userTelegramLink', {});
    const code = new URL(url).searchParams.get('start') ?? '';
    const group = ++chat;
    await send(`/start ${code}`, group, { id: group, type: 'group' });
    await standin.waitForMessage(-group, 'private chat');
    t.clock.advance(10 * 60_000 + 1);
    const late = ++chat;
    await send(`/start ${code}`, late, { id: late });
    await standin.waitForMessage(late, 'expired or was already used');
    expect((await client.ok('userTelegramStatus', {})).linked).toBe(false);
  });

  test('a Chinese Telegram user gets the bot in Chinese before linking', async () => {
    const id = ++chat;
    await send('/start', id, { id, languageCode: 'zh-hans' });
    await standin.waitForMessage(id, '欢迎使用 Nimbus');
  });

  test('unlinking from the account, and /unlink from the chat', async () => {
    const { client } = await quickUser(t);
    await linked(client);
    expect((await client.ok('userTelegramUnlink', {})).linked).toBe(false);
    const id = await linked(client);
    await send('/unlink', id);
    await standin.waitForMessage(id, 'unlinked from your Nimbus account');
    expect((await client.ok('userTelegramStatus', {})).linked).toBe(false);
    const refused = await client.call('userTelegramNotices', { notices: true });
    expect(refused.body.code).toBe(2602);
  });
});

describe('commands', () => {
  test("/status tells the plan, its end and the traffic in the member's language", async () => {
    const { client, userId } = await quickUser(t, { language: 'zh_CN' });
    const id = await linked(client);
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: Date.UTC(2031, 0, 2, 3, 4) })
      .where('id', '=', userId)
      .execute();
    await send('/status', id);
    const status = await standin.waitForMessage(id, '有效期至');
    expect(status.text).toContain('2031');
    expect(status.text).toMatch(/本月流量：0/);
  });

  test('/sub sends the link only in a private chat, and only while the client is on', async () => {
    const { client, userId } = await quickUser(t);
    const id = await linked(client);
    await send('/sub', id, { id, type: 'group' });
    await standin.waitForMessage(-id, 'private chat');
    await send('/sub', id);
    await standin.waitForMessage(id, 'third-party client is off');
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: t.clock.now + 30 * MS_PER_DAY })
      .where('id', '=', userId)
      .execute();
    const on = await client.ok('systemThirdPartyEnable', {});
    await send('/sub', id);
    const link = await standin.waitForMessage(id, 'https://nimbus.test/sub/');
    expect(link.text).toContain(on.subscription?.base64 ?? 'no link');
    expect(
      standin.sent
        .filter((m) => m.chatId === String(-id))
        .map((m) => m.text)
        .join(),
    ).not.toContain('/sub/');
  });
});

describe('notices', () => {
  test('a receipt and the expiry reminder reach the chat through the queue', async () => {
    const email = `tg.notice.${Date.now()}@example.com`;
    const { client, userId } = await quickUser(t, { email });
    const id = await linked(client);
    const order = await buy(client, { productId: '1' });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    await jobs();
    await standin.waitForMessage(id, `Your Nimbus receipt for order ${order.orderId}`);
    const row = await t.app.services.db
      .selectFrom('users')
      .select('standard_expires_at')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    t.clock.now = (row.standard_expires_at ?? 0) - 2 * MS_PER_DAY;
    await jobs();
    await standin.waitForMessage(id, 'membership ends in 3 days');
  });

  test('notices off, or unlinked after queueing: nothing is sent', async () => {
    const { client } = await quickUser(t, { email: `tg.off.${Date.now()}@example.com` });
    const id = await linked(client);
    expect((await client.ok('userTelegramNotices', { notices: false })).notices).toBe(false);
    const order = await buy(client, { productId: '1' });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    await jobs();
    expect(
      standin.sent.filter((m) => m.chatId === String(id) && m.text.includes('receipt')),
    ).toEqual([]);
  });

  test('Telegram busy (429) is tried again after the time it asks; a blocked bot (403) gives up', async () => {
    const { client } = await quickUser(t, { email: `tg.retry.${Date.now()}@example.com` });
    const id = await linked(client);
    standin.failSends(1, {
      code: 429,
      description: 'Too Many Requests: retry after 30',
      retryAfter: 30,
    });
    const order = await buy(client, { productId: '1' });
    await pressOnCheckout(t, order.checkoutUrl, 'pay');
    expect((await jobs()).telegramSent).toBe(0);
    expect((await jobs()).telegramSent).toBe(0);
    t.clock.advance(31_000);
    expect((await jobs()).telegramSent).toBe(1);
    await standin.waitForMessage(id, 'receipt');

    standin.failSends(1, { code: 403, description: 'Forbidden: bot was blocked by the user' });
    const again = await buy(client, { productId: '1' });
    await pressOnCheckout(t, again.checkoutUrl, 'pay');
    await jobs();
    t.clock.advance(2 * 60 * 60_000);
    await jobs();
    const rows = await t.app.services.db
      .selectFrom('telegram_queue')
      .select(['status', 'last_error'])
      .where('chat_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'failed']);
    expect(rows[1]?.last_error).toContain('blocked');
  });
});

test('without a bot the account centre is told it is unavailable', async () => {
  const plain = await startTestApp();
  try {
    const { client } = await quickUser(plain);
    expect((await client.ok('userTelegramStatus', {})).available).toBe(false);
    expect((await client.call('userTelegramLink', {})).body.code).toBe(2601);
  } finally {
    await plain.close();
  }
});
