import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Node feed tokens: one per node (the V2Board "server token" is one key shared by every node, so
 * one leaked node config opens every node's member list; here a leak is one rotation away from
 * closed and names the node). 32 random bytes, base64url; stored as SHA-256 only. After a rotation
 * the previous token may stay valid for a grace period the operator chooses (every call), so the
 * node's configuration can be updated without it losing its members; and whatever the operator
 * chose, it stays valid for traffic and alive reports for NODE_REPORT_GRACE_MS, so bytes a node
 * measured before it got the new token are never lost (a push made just after the rotation).
 */
export const NODE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashNodeToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function newNodeToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashNodeToken(token) };
}

/** How long the previous token still carries reports (push, alive) after a rotation. */
export const NODE_REPORT_GRACE_MS = 10 * 60_000;

export interface NodeTokenState {
  tokenHash: string | null;
  previousTokenHash: string | null;
  /** The end of the operator's grace for every call (pulls too). */
  previousTokenExpiresAt: number | null;
  tokenRotatedAt: number | null;
}

/** What a call does with the token: read the node's config and members, or report to us. */
export type NodeTokenUse = 'pull' | 'report';

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether a presented token opens a node for a use: its current token, or the previous one in
 * the operator's grace (any use) or in the report grace (reports only).
 */
export function nodeTokenMatches(
  presented: string,
  state: NodeTokenState,
  now: number,
  use: NodeTokenUse,
): boolean {
  if (!NODE_TOKEN_PATTERN.test(presented)) return false;
  const hash = hashNodeToken(presented);
  if (state.tokenHash !== null && sameHash(hash, state.tokenHash)) return true;
  if (state.previousTokenHash === null || !sameHash(hash, state.previousTokenHash)) return false;
  const operatorGrace = state.previousTokenExpiresAt ?? -Infinity;
  const reportGrace = (state.tokenRotatedAt ?? -Infinity) + NODE_REPORT_GRACE_MS;
  return now < (use === 'report' ? Math.max(operatorGrace, reportGrace) : operatorGrace);
}
