import type { EndpointName, RequestOf, ResponseOf } from '@nimbus/api-sdk/contract';
import type { Language } from '@nimbus/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlatformServices } from '../platform/platform-services.ts';

/** The signed-in caller of an `auth` endpoint. */
export interface Caller {
  userId: number;
  tokenHash: string;
}

/**
 * What a handler gets besides its validated input. `S` is the services its module needs
 * (PlatformServices by default; CatalogServices, OrderServices...): the server passes the whole
 * of services.ts, which has every part.
 */
export interface CallContext<S extends PlatformServices = PlatformServices> {
  request: FastifyRequest;
  reply: FastifyReply;
  services: S;
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

export type Handler<N extends EndpointName, S extends PlatformServices = PlatformServices> = (
  input: RequestOf<N>,
  ctx: CallContext<S>,
) => Promise<ResponseOf<N>>;

/** One handler for every endpoint of the contract: the compiler refuses a map that misses one. */
export type Handlers<S extends PlatformServices> = { [N in EndpointName]: Handler<N, S> };

/** The caller of an auth endpoint; a programming error when a handler of a public one asks. */
export function callerOf(ctx: Pick<CallContext, 'caller'>): Caller {
  if (!ctx.caller) throw new Error('This handler belongs to an endpoint without auth');
  return ctx.caller;
}
