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
import { apiTokenAllows, MS_PER_MINUTE, roleAllows } from '@nimbus/domain';
import { auditApiTokenCall, authenticateApiToken, isApiToken } from '../api-tokens/index.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { consoleActor, writeAudit } from '../audit/index.ts';
import { Refusal } from '../errors/refusal.ts';
import { requestLanguage, success } from '../http/envelope.ts';
import { API_PREFIXES } from '../http/routes.ts';
import type { OrderServices } from '../orders/index.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import type {
  AdminCallContext,
  AdminHandler,
  AdminHandlers,
  OperatorCaller,
} from '../http/console-handler.ts';
import { OperatorSessions, operatorById } from '../operators/index.ts';

/**
 * The operator of a request: a live operator session of an operator who is not disabled, or
 * UNAUTHORIZED (a member's token is unknown here).
 */
async function authenticate(
  request: FastifyRequest,
  sessions: OperatorSessions,
  services: OrderServices,
  now: number,
): Promise<OperatorCaller> {
  const header = request.headers[RequestHeader.authorization.toLowerCase()];
  const token = tokenFromAuthorization(Array.isArray(header) ? header[0] : header);
  if (token && isApiToken(token)) {
    const program = await authenticateApiToken(services.db, services.counters, token, now);
    if (program === 'rate_limited') throw new Refusal(ErrorCode.RATE_LIMITED);
    if (!program) throw new Refusal(ErrorCode.UNAUTHORIZED);
    return {
      operatorId: program.createdBy,
      username: `token:${program.name}`,
      role: 'admin',
      stage: 'full',
      tokenHash: '',
      actor: `token:${program.id}`,
      apiToken: program,
    };
  }
  const session = token ? await sessions.authenticate(token, now) : undefined;
  const operator = session ? await operatorById(services.db, session.operatorId) : undefined;
  if (!session || !operator || operator.disabledAt !== null)
    throw new Refusal(ErrorCode.UNAUTHORIZED);
  return {
    operatorId: operator.id,
    username: operator.username,
    role: operator.role,
    stage: session.stage,
    tokenHash: session.tokenHash,
    actor: consoleActor(operator.id),
  };
}

/**
 * The call's access rule: an enrolment session may only enrol (OPERATOR_ENROLMENT_REQUIRED
 * elsewhere), a full session may not enrol again, and a permission call needs a role that holds
 * it (FORBIDDEN).
 */
function checkAccess(caller: OperatorCaller, access: Exclude<AdminAccess, 'public'>): void {
  if (caller.apiToken) {
    // A program calls what its scopes grant, never an operator's own session calls.
    if (access === 'signed-in' || access === 'enrolment') throw new Refusal(ErrorCode.FORBIDDEN);
    if (!apiTokenAllows(caller.apiToken.scopes, access)) throw new Refusal(ErrorCode.FORBIDDEN);
    return;
  }
  if (access === 'signed-in') return;
  if (access === 'enrolment') {
    if (caller.stage !== 'enrolment') throw new Refusal(ErrorCode.FORBIDDEN);
    return;
  }
  if (caller.stage !== 'full') throw new Refusal(ErrorCode.OPERATOR_ENROLMENT_REQUIRED);
  if (!roleAllows(caller.role, access)) throw new Refusal(ErrorCode.FORBIDDEN);
}

/** A refused call is written once per operator and call in this window, not on every retry. */
const REFUSED_CALL_AUDIT_WINDOW_MS = 10 * MS_PER_MINUTE;

/**
 * The audit row of a signed-in operator's call refused with 403 (a role without the permission,
 * a session not set up or no longer allowed to enrol): `operator.call_refused` with the call and
 * the refusal. The first refusal of a call per operator in each 10 minutes is written, so a
 * screen that retries, or a script, cannot flood the log.
 */
async function auditRefusedCall(
  services: OrderServices,
  caller: OperatorCaller,
  path: string,
  refusal: Refusal,
  now: number,
): Promise<void> {
  const seen = await services.counters.hit(
    `audit:call-refused:${caller.operatorId}:${path}`,
    REFUSED_CALL_AUDIT_WINDOW_MS,
    now,
  );
  if (seen.current !== 1) return;
  await writeAudit(services.db, {
    actor: caller.actor,
    action: 'operator.call_refused',
    subjectType: 'operator',
    subjectId: caller.operatorId,
    data: { call: path, refusal: refusal.entry.status, role: caller.role, stage: caller.stage },
    at: now,
  });
}

/**
 * Registers one POST route per console call (admin-endpoints.ts), under both API prefixes,
 * validated by the call's request schema, authorised by its access rule before the handler runs;
 * a signed-in operator's call refused with 403 leaves an audit row (auditRefusedCall).
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
        spec.access === 'public' ? undefined : await authenticate(request, sessions, services, now);
      const ctx: AdminCallContext = {
        services,
        language,
        now,
        ip: request.ip,
        operator,
        issueToken: (token) => void reply.header(ResponseHeader.token, token),
      };
      const program = operator?.apiToken;
      try {
        if (operator && spec.access !== 'public') checkAccess(operator, spec.access);
        const data = await handler(request.body as never, ctx);
        if (program)
          await auditApiTokenCall(services.db, program, { path: spec.path, outcome: 'ok', now });
        return reply.send(success(language, data));
      } catch (error) {
        if (program)
          await auditApiTokenCall(services.db, program, {
            path: spec.path,
            outcome: error instanceof Refusal ? error.entry.status : 'error',
            now,
          });
        else if (operator && error instanceof Refusal && error.entry.http === 403)
          await auditRefusedCall(services, operator, spec.path, error, now);
        throw error;
      }
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
