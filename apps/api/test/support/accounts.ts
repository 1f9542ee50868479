import type { RequestOf } from '@nimbus/api-sdk/contract';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { OutboxEntry } from '../../src/delivery/outbox.ts';
import type { Client } from './client.ts';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = () => `user.${randomBytes(5).toString('hex')}@example.com`;
export const uniqueUsername = () => `user_${randomBytes(5).toString('hex')}`;
let phoneCounter = randomBytes(2).readUInt16BE() % 9000;
/** A valid mobile number in China, different on each call. */
export const uniquePhone = () =>
  `+86139${String(10_000_000 + ((phoneCounter++ * 7919) % 89_999_999)).padStart(8, '0')}`;

/**
 * The newest code the dev outbox holds for `to`, read through GET /dev/outbox as a developer would.
 */
export async function outboxCode(
  app: FastifyInstance,
  to: string,
  purpose?: string,
): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/dev/outbox' });
  const entry = res
    .json<OutboxEntry[]>()
    .find((e) => e.to === to && (purpose === undefined || e.purpose === purpose));
  expect(entry, `no code for ${to} in the outbox`).toBeDefined();
  return entry?.code ?? '';
}

export async function registerWithUsername(
  client: Client,
  extra: Partial<RequestOf<'userRegister'>> = {},
) {
  const username = uniqueUsername();
  const data = await client.ok('userRegister', {
    channel: 'username',
    account: username,
    password: PASSWORD,
    agreeTerms: true,
    ...extra,
  });
  return { username, userId: data.userId, data };
}

export async function registerWithEmail(
  client: Client,
  extra: Partial<RequestOf<'userRegister'>> = {},
) {
  const email = uniqueEmail();
  await client.ok('userSendCode', { channel: 'email', target: email, purpose: 'register' });
  const code = await outboxCode(client.app, email, 'register');
  const data = await client.ok('userRegister', {
    channel: 'email',
    account: email,
    password: PASSWORD,
    code,
    agreeTerms: true,
    ...extra,
  });
  return { email, userId: data.userId, data };
}
