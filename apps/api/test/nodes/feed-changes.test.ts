import { MS_PER_SECOND } from '@nimbus/domain';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { reinstateUser, suspendUser } from '../../src/accounts/calls/manage-account.ts';
import { adjustUserTime } from '../../src/membership/adjust-time.ts';
import { FEED_SWEEP_MS, FeedMembers } from '../../src/nodes/feed-members.ts';
import { refundOrder } from '../../src/orders/lifecycle.ts';
import { buy, pressOnCheckout } from '../support/payments.ts';
import { PASSWORD } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import {
  download,
  enabledSubscription,
  member,
  PUBLIC_URL,
  shareLinks,
} from '../support/third-party.ts';
import { TROJAN_NODE, testNode, users, type FeedUser, type TestNode } from './feed-helpers.ts';

// The list a node pulls is kept between pulls and only the members whose rows were written since
// are read again: every kind of change must reach the next pull that way (the clock moves by
// seconds here, far from the periodic full read), and give the list a full read gives.

let t: TestApp;
let node: TestNode;
const OPERATOR = 'ops:test';

beforeEach(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, JOBS_INTERVAL_SECONDS: '0' } });
  node = await testNode(t, TROJAN_NODE);
});
afterEach(() => t.close());

async function uuidOf(client: Client): Promise<string> {
  const status = await client.ok('systemThirdPartyStatus', {});
  const links = shareLinks((await download(t, status.subscription?.base64 ?? '')).body);
  return new URL(links[0] ?? '').username;
}

/** A member with time (bought through the sandbox, or written as a purchase would) and a link. */
async function linkMember(options: { plan?: 'standard' | 'lite'; bought?: boolean } = {}) {
  const client = new Client(t.app);
  const userId = await member(t, client, {
    plan: options.plan ?? 'standard',
    days: options.bought ? 0 : 30,
  });
  let orderId = '';
  if (options.bought) {
    const order = await buy(client);
    expect((await pressOnCheckout(t, order.checkoutUrl, 'pay')).statusCode).toBe(303);
    orderId = order.orderId;
  }
  await enabledSubscription(client);
  return { client, userId, orderId, uuid: await uuidOf(client) };
}

const listed = (list: FeedUser[], ids: number[]) =>
  new Map(list.filter((u) => ids.includes(u.id)).map((u) => [u.id, u]));

describe('changes reach the next pull of a kept list', () => {
  test('deletion, suspension, reset, switch off, refund, time taken, plan change, switch on, reinstatement', async () => {
    const deleted = await linkMember();
    const suspended = await linkMember();
    const reset = await linkMember();
    const off = await linkMember();
    const refunded = await linkMember({ bought: true });
    const deducted = await linkMember();
    const upgraded = await linkMember({ plan: 'lite' });
    const reinstated = await linkMember();
    const stays = await linkMember();
    const joins = new Client(t.app);
    const joinsId = await member(t, joins);
    const ids = [deleted, suspended, reset, off, refunded, deducted, upgraded, reinstated, stays]
      .map((m) => m.userId)
      .concat(joinsId);
    await suspendUser(
      t.app.services,
      { userId: reinstated.userId, reason: 'abuse' },
      OPERATOR,
      t.clock.now,
    );

    // Kept by the node feed and by a list of our own (which must then take the incremental way).
    const kept = new FeedMembers(t.app.services.db);
    await kept.list('standard', t.clock.now);
    const before = listed(await users(t, node), ids);
    expect([...before.keys()].sort()).toEqual(
      [deleted, suspended, reset, off, refunded, deducted, stays].map((m) => m.userId).sort(),
    );

    t.clock.advance(MS_PER_SECOND);
    await deleted.client.ok('userDeleteAccount', { password: PASSWORD });
    await suspendUser(
      t.app.services,
      { userId: suspended.userId, reason: 'abuse' },
      OPERATOR,
      t.clock.now,
    );
    await reset.client.ok('systemThirdPartyReset', {});
    await off.client.ok('systemThirdPartyDisable', {});
    expect(
      await refundOrder(t.app.services, refunded.orderId, 'ops:test', t.clock.now),
    ).toMatchObject({ refunded: true });
    await adjustUserTime(
      t.app.services,
      { userId: deducted.userId, plan: 'standard', days: -30, reason: 'goodwill undone' },
      OPERATOR,
      t.clock.now,
    );
    const bought = await buy(upgraded.client);
    expect((await pressOnCheckout(t, bought.checkoutUrl, 'pay')).statusCode).toBe(303);
    await reinstateUser(
      t.app.services,
      { userId: reinstated.userId, reason: 'appeal' },
      OPERATOR,
      t.clock.now,
    );
    await enabledSubscription(joins);
    t.clock.advance(MS_PER_SECOND);

    const after = listed(await users(t, node), ids);
    expect([...after.keys()].sort()).toEqual(
      [reset, upgraded, reinstated, stays]
        .map((m) => m.userId)
        .concat(joinsId)
        .sort(),
    );
    // A reset link's member is listed under the new link's uuid only; the others are unchanged.
    expect(after.get(reset.userId)?.uuid).toBe(await uuidOf(reset.client));
    expect(after.get(reset.userId)?.uuid).not.toBe(reset.uuid);
    expect(after.get(stays.userId)).toEqual(before.get(stays.userId));
    expect(after.get(upgraded.userId)?.uuid).toBe(upgraded.uuid);
    expect(after.get(joinsId)?.uuid).toBe(await uuidOf(joins));

    // Our kept list read only the members written since, and lists exactly what a full read does.
    const incremental = await kept.list('standard', t.clock.now);
    expect(kept.lastRefresh?.kind).toBe('changes');
    expect(kept.lastRefresh?.rows).toBeLessThan(ids.length + 5);
    const full = await new FeedMembers(t.app.services.db).list('standard', t.clock.now);
    expect(incremental.body()).toBe(full.body());
    expect(incremental.etag).toBe(full.etag);
  });

  test('a plan running out leaves the list on time, from the rows kept', async () => {
    const client = new Client(t.app);
    const userId = await member(t, client);
    await t.app.services.db
      .updateTable('users')
      .set({ standard_expires_at: t.clock.now + 5 * MS_PER_SECOND })
      .where('id', '=', userId)
      .execute();
    await enabledSubscription(client);
    const kept = new FeedMembers(t.app.services.db);
    expect((await kept.list('standard', t.clock.now)).has(userId)).toBe(true);
    expect(listed(await users(t, node), [userId]).has(userId)).toBe(true);

    t.clock.advance(5 * MS_PER_SECOND);
    expect(listed(await users(t, node), [userId]).has(userId)).toBe(false);
    const later = await kept.list('standard', t.clock.now);
    // No row was read: the block whose first expiry passed was listed anew.
    expect(kept.lastRefresh).toMatchObject({ kind: 'time', rows: 0 });
    expect(later.has(userId)).toBe(false);
    expect(later.etag).toBe(
      (await new FeedMembers(t.app.services.db).list('standard', t.clock.now)).etag,
    );
  });
  test('a write stamped before one already seen reaches a pull within the sweep interval', async () => {
    const late = await linkMember();
    // Another member written after: the newest write time is theirs.
    t.clock.advance(MS_PER_SECOND);
    await linkMember();
    const kept = new FeedMembers(t.app.services.db);
    await kept.list('standard', t.clock.now);
    expect(listed(await users(t, node), [late.userId]).has(late.userId)).toBe(true);

    // A transaction stamped its write before another write it commits after: the newest write
    // time does not move.
    const { newest } = await t.app.services.db
      .selectFrom('users')
      .select((eb) => eb.fn.max('updated_at').as('newest'))
      .executeTakeFirstOrThrow();
    await t.app.services.db
      .updateTable('users')
      .set({ suspended_at: t.clock.now, updated_at: Number(newest) - MS_PER_SECOND })
      .where('id', '=', late.userId)
      .execute();

    t.clock.advance(FEED_SWEEP_MS);
    expect(listed(await users(t, node), [late.userId]).has(late.userId)).toBe(false);
    const swept = await kept.list('standard', t.clock.now);
    expect(kept.lastRefresh?.kind).toBe('changes');
    expect(swept.has(late.userId)).toBe(false);
    expect(swept.etag).toBe(
      (await new FeedMembers(t.app.services.db).list('standard', t.clock.now)).etag,
    );
  });
});
