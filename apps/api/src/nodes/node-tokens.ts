import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Node feed tokens: one per node (the V2Board "server token" is one key shared by every node, so
 * one leaked node config opens every node's member list; here a leak is one rotation away from
 * closed and names the node). 32 random bytes, base64url; stored as SHA-256 only. After a rotation
 * the previous token may stay valid for a grace period, so an operator can update the node's
 * configuration without it losing its members.
 */
export const NODE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashNodeToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newNodeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashNodeToken(token) };
}

export interface NodeTokenState {
  tokenHash: string | null;
  previousTokenHash: string | null;
  previousTokenExpiresAt: number | null;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Whether a presented token opens a node: its current token, or the previous one in its grace. */
export function nodeTokenMatches(presented: string, state: NodeTokenState, now: number): boolean {
  if (!NODE_TOKEN_PATTERN.test(presented)) return false;
  const hash = hashNodeToken(presented);
  if (state.tokenHash !== null && sameHash(hash, state.tokenHash)) return true;
  return (
    state.previousTokenHash !== null &&
    state.previousTokenExpiresAt !== null &&
    now < state.previousTokenExpiresAt &&
    sameHash(hash, state.previousTokenHash)
  );
}
