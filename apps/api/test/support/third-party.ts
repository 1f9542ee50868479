import { MS_PER_DAY } from '@nimbus/domain';
import { expect } from 'vitest';
import { registerWithUsername } from './accounts.ts';
import type { Client } from './client.ts';
import type { TestApp } from './test-app.ts';

export const PUBLIC_URL = 'https://nimbus.test';

/**
 * A registered user with membership time. Purchases belong to the orders module; here the
 * user row gets the expiry a purchase would write, so these tests depend only on accounts.
 */
export async function member(
  t: TestApp,
  client: Client,
  options: { days?: number; plan?: 'standard' | 'lite'; language?: 'en' | 'zh_CN' } = {},
): Promise<number> {
  if (options.language) client.language = options.language;
  const { userId } = await registerWithUsername(client);
  const id = Number(userId);
  const expiry = t.clock.now + (options.days ?? 30) * MS_PER_DAY;
  await t.app.services.db
    .updateTable('users')
    .set(options.plan === 'lite' ? { lite_expires_at: expiry } : { standard_expires_at: expiry })
    .where('id', '=', id)
    .execute();
  return id;
}

/** A yearly paid user whose benefits run for `days` (negative: ran out that many days ago). */
export async function yearlyMember(t: TestApp, client: Client, days = 365): Promise<number> {
  const id = await member(t, client, { days: 365 });
  await t.app.services.db
    .updateTable('users')
    .set({ yearly_paid_user: 1, benefits_expires_at: t.clock.now + days * MS_PER_DAY })
    .where('id', '=', id)
    .execute();
  return id;
}

export interface Download {
  status: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
}

/** GETs a subscription URL the way a client app does (its path on this server, a user agent). */
export async function download(
  t: TestApp,
  url: string,
  userAgent = 'Shadowrocket/2070 CFNetwork/1568.100.1 Darwin/24.0.0',
): Promise<Download> {
  const { pathname, search } = new URL(url);
  const res = await t.app.inject({
    method: 'GET',
    url: `${pathname}${search}`,
    headers: { 'user-agent': userAgent },
  });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

/** The share links of a base64 subscription body. */
export function shareLinks(body: string): string[] {
  const text = Buffer.from(body, 'base64').toString('utf8');
  expect(Buffer.from(text, 'utf8').toString('base64')).toBe(body.trim());
  return text.split('\n').filter(Boolean);
}

/** The enabled status's subscription, failing the test when there is none. */
export async function enabledSubscription(client: Client) {
  const status = await client.ok('systemThirdPartyEnable', {});
  expect(status.enabled).toBe(true);
  expect(status.subscription).not.toBeNull();
  if (!status.subscription) throw new Error('no subscription');
  return status.subscription;
}
