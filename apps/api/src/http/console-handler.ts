import type { AdminEndpointName, AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/contract';
import type { Language, OperatorRole } from '@nimbus/domain';
import type { Actor } from '../audit/index.ts';
import type { PlatformServices } from '../platform/platform-services.ts';

/** An operator session that still has to set up two-factor, or a full one. */
export type OperatorSessionStage = 'enrolment' | 'full';

/** The signed-in operator of a console call. */
export interface OperatorCaller {
  operatorId: number;
  username: string;
  role: OperatorRole;
  stage: OperatorSessionStage;
  tokenHash: string;
  /** What audit rows of this call name as the actor. */
  actor: Actor;
  /**
   * Set when a program calls with a scoped API token (src/api-tokens): its scopes, not a role,
   * say what it may call; `operatorId` is the operator who made the token.
   */
  apiToken?: { id: number; name: string; scopes: readonly string[] };
}

/**
 * What a console handler gets besides its validated input. `S` is the services its noun needs
 * (PlatformServices by default), as for member handlers (http/handler.ts).
 */
export interface AdminCallContext<S extends PlatformServices = PlatformServices> {
  services: S;
  language: Language;
  now: number;
  ip: string;
  /** The operator; undefined only on the public call (signing in). */
  operator: OperatorCaller | undefined;
  /** Sends a new operator session token in the `pragma` response header. */
  issueToken(token: string): void;
}

export type AdminHandler<
  N extends AdminEndpointName,
  S extends PlatformServices = PlatformServices,
> = (input: AdminRequestOf<N>, ctx: AdminCallContext<S>) => Promise<AdminResponseOf<N>>;

/** One handler per console call: the compiler refuses a map that misses one. */
export type AdminHandlers<S extends PlatformServices> = {
  [N in AdminEndpointName]: AdminHandler<N, S>;
};

/** The operator of a signed-in call; a programming error when the public call asks. */
export function operatorOf(ctx: Pick<AdminCallContext, 'operator'>): OperatorCaller {
  if (!ctx.operator) throw new Error('This console handler belongs to the public call');
  return ctx.operator;
}
