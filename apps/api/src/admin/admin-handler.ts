import type { AdminEndpointName, AdminRequestOf, AdminResponseOf } from '@nimbus/api-sdk/contract';
import type { Language, OperatorRole } from '@nimbus/domain';
import type { Actor } from '../audit/audit.ts';
import type { OrderServices } from '../orders/order-services.ts';
import type { OperatorSessionStage } from './operators/operator-sessions.ts';

/** The signed-in operator of a console call. */
export interface OperatorCaller {
  operatorId: number;
  username: string;
  role: OperatorRole;
  stage: OperatorSessionStage;
  tokenHash: string;
  /** What audit rows of this call name as the actor. */
  actor: Actor;
}

export interface AdminCallContext {
  services: OrderServices;
  language: Language;
  now: number;
  ip: string;
  /** The operator; undefined only on the public call (signing in). */
  operator: OperatorCaller | undefined;
  /** Sends a new operator session token in the `pragma` response header. */
  issueToken(token: string): void;
}

export type AdminHandler<N extends AdminEndpointName> = (
  input: AdminRequestOf<N>,
  ctx: AdminCallContext,
) => Promise<AdminResponseOf<N>>;

/** One handler per console call: the compiler refuses a map that misses one. */
export type AdminHandlers = { [N in AdminEndpointName]: AdminHandler<N> };

/** The operator of a signed-in call; a programming error when the public call asks. */
export function operatorOf(ctx: Pick<AdminCallContext, 'operator'>): OperatorCaller {
  if (!ctx.operator) throw new Error('This console handler belongs to the public call');
  return ctx.operator;
}
