import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { consumeLinkCode, insertLinkCode } from '../store.ts';

/** How long a `t.me/<bot>?start=<code>` link links: long enough to open Telegram, no longer. */
export const LINK_CODE_TTL_MS = 10 * 60_000;

/** Telegram's start parameter allows A-Z, a-z, 0-9, _ and - (64 at most): base64url fits. */
const CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/** A new one-time code for the member (it replaces their earlier one); only its hash is kept. */
export async function issueLinkCode(
  trx: Db,
  userId: number,
  now: number,
): Promise<{ code: string; expiresAt: number }> {
  const code = randomBytes(16).toString('base64url');
  const expiresAt = now + LINK_CODE_TTL_MS;
  await insertLinkCode(trx, { hash: hashOf(code), userId, expiresAt });
  return { code, expiresAt };
}

/** The member a code links, once; undefined when malformed, unknown, expired or used. */
export async function redeemLinkCode(
  trx: Db,
  code: string,
  now: number,
): Promise<number | undefined> {
  if (!CODE_PATTERN.test(code)) return undefined;
  return consumeLinkCode(trx, hashOf(code), now);
}
