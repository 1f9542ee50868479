import {
  adminEndpointNames,
  adminEndpoints,
  adminSchemas,
  ErrorCode,
  RequestHeader,
  ResponseHeader,
  type AdminAccess,
  type AdminEndpointName,
  type AdminEndpointSpec,
} from '@nimbus/api-sdk/contract';
import { roleAllows } from '@nimbus/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { consoleActor } from '../audit/audit.ts';
import { Refusal } from '../errors/refusal.ts';
import { requestLanguage, success } from '../http/envelope.ts';
import { API_PREFIXES } from '../http/routes.ts';
import type { OrderServices } from '../orders/order-services.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import type {
  AdminCallContext,
  AdminHandler,
  AdminHandlers,
  OperatorCaller,
} from '../http/console-handler.ts';
import { OperatorSessions } from './operators/operator-sessions.ts';
import { operatorById } from './operators/operator-store.ts';

/**
 * The operator of a request: a live operator session of an operator who is not disabled, or
 * UNAUTHORIZED (a member's token is unknown here). Then the call's access rule: an enrolment
 * session may only enrol (OPERATOR_ENROLMENT_REQUIRED elsewhere), a full session may not enrol
 * again, and a permission call needs a role that holds it (FORBIDDEN).
 */
async function authorise(
  request: FastifyRequest,
  sessions: OperatorSessions,
  services: OrderServices,
  access: Exclude<AdminAccess, 'public'>,
  now: number,
): Promise<OperatorCaller> {
  const header = request.headers[RequestHeader.authorization.toLowerCase()];
  const token = tokenFromAuthorization(Array.isArray(header) ? header[0] : header);
  const session = token ? await sessions.authenticate(token, now) : undefined;
  const operator = session ? await operatorById(services.db, session.operatorId) : undefined;
  if (!session || !operator || operator.disabledAt !== null)
    throw new Refusal(ErrorCode.UNAUTHORIZED);
  const caller: OperatorCaller = {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    stage: session.stage,
    tokenHash: session.tokenHash,
    actor: consoleActor(operator.id),
  };
  if (access === 'signed-in') return caller;
  if (access === 'enrolment') {
    if (session.stage !== 'enrolment') throw new Refusal(ErrorCode.FORBIDDEN);
    return caller;
  }
  if (session.stage !== 'full') throw new Refusal(ErrorCode.OPERATOR_ENROLMENT_REQUIRED);
  if (!roleAllows(operator.role, access)) throw new Refusal(ErrorCode.FORBIDDEN);
  return caller;
}

/**
 * Registers one POST route per console call (admin-endpoints.ts), under both API prefixes,
 * validated by the call's request schema, authorised by its access rule before the handler runs.
 */
export function registerAdminRoutes(
  app: FastifyInstance,
  services: OrderServices,
  handlers: AdminHandlers<OrderServices>,
  clock: () => number,
): void {
  const sessions = new OperatorSessions(services.db);
  for (const name of adminEndpointNames) {
    const spec: AdminEndpointSpec = adminEndpoints[name];
    const handler = handlers[name] as AdminHandler<AdminEndpointName>;
    const route = async (request: FastifyRequest, reply: FastifyReply) => {
      const now = clock();
      const language = requestLanguage(request);
      const operator =
        spec.access === 'public'
          ? undefined
          : await authorise(request, sessions, services, spec.access, now);
      const ctx: AdminCallContext = {
        services,
        language,
        now,
        ip: request.ip,
        operator,
        issueToken: (token) => void reply.header(ResponseHeader.token, token),
      };
      const data = await handler(request.body as never, ctx);
      return reply.send(success(language, data));
    };
    for (const prefix of API_PREFIXES) {
      app.post(
        `${prefix}${spec.path}`,
        { schema: { body: adminSchemas[name].request as TSchema } },
        route,
      );
    }
  }
}
