import type { EndpointName, RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import type { Language } from '@nimbus/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';

/** The signed-in caller of an `auth` endpoint. */
export interface Caller {
  userId: number;
  tokenHash: string;
}

/** What a handler gets besides its validated input. */
export interface CallContext {
  request: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  language: Language;
  /** The time of the call (UTC ms), one value for the whole handler. */
  now: number;
  ip: string;
  /** The caller's verified device id (issued now when the request had none). */
  deviceId: string;
  /** The session of an `auth` endpoint's caller; undefined on other endpoints. */
  caller: Caller | undefined;
  /** Sends a new session token in the `pragma` response header. */
  issueToken(token: string): void;
}

export type Handler<N extends EndpointName> = (
  input: RequestOf<N>,
  ctx: CallContext,
) => Promise<ResponseOf<N>>;
export type Handlers = { [N in EndpointName]?: Handler<N> };

/** The caller of an auth endpoint; a programming error when a handler of a public one asks. */
export function callerOf(ctx: CallContext): Caller {
  if (!ctx.caller) throw new Error('This handler belongs to an endpoint without auth');
  return ctx.caller;
}
