import {
  endpointNames,
  endpoints,
  ErrorCode,
  RequestHeader,
  ResponseHeader,
  schemas,
  SignedBodySchema,
  type EndpointName,
  type SignedBody,
} from '@nimbus/api-sdk/contract';
import { platformFromHeader } from '@nimbus/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { PlatformKeyName } from '../env.ts';
import { openSignedPayload } from '../security/signature.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import type { Services } from '../services.ts';
import { ApiError } from './api-error.ts';
import { requestLanguage, success } from './envelope.ts';
import type { CallContext, Caller, Handler, Handlers } from './handler.ts';
import { containsNul, validatorFor } from './validator.ts';

/** The API is served under both prefixes (the spec's DEV/TEST hosts use /v4/test). */
export const API_PREFIXES = ['/v4', '/v4/test'] as const;

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The caller's device id: a verified one from the `deviceId` header, or a new one issued in the
 * response header when the request has none. A header that does not verify is refused, with a
 * replacement in the response header (see security/device-id.ts).
 */
function deviceIdOf(request: FastifyRequest, reply: FastifyReply, services: Services): string {
  const given = header(request, RequestHeader.deviceId)?.trim();
  if (!given) {
    const issued = services.deviceIds.issue();
    reply.header(ResponseHeader.deviceId, issued);
    return issued;
  }
  if (!services.deviceIds.verify(given)) {
    reply.header(ResponseHeader.deviceId, services.deviceIds.issue());
    throw new ApiError(ErrorCode.DEVICE_ID_INVALID);
  }
  return given;
}

function signingKeyName(request: FastifyRequest): PlatformKeyName {
  // The platform header picks the public key the app encrypted with; browsers default to Windows
  // as the platform detection does.
  return (platformFromHeader(header(request, RequestHeader.platform))?.toLowerCase() ??
    'windows') as PlatformKeyName;
}

async function authenticate(
  request: FastifyRequest,
  services: Services,
  now: number,
): Promise<Caller> {
  const token = tokenFromAuthorization(header(request, RequestHeader.authorization));
  const session = token ? await services.sessions.authenticate(token, now) : undefined;
  if (!session) throw new ApiError(ErrorCode.UNAUTHORIZED);
  return session;
}

/**
 * Registers one POST route per endpoint of the contract that has a handler, under both
 * prefixes, validated by the endpoint's request schema (signed calls: the body is
 * `{ signature }`, opened, then the payload is validated). Endpoints without a handler get no
 * route; `unimplementedEndpoints` lists them for the test that keeps that list explicit.
 */
export function registerContractRoutes(
  app: FastifyInstance,
  services: Services,
  handlers: Handlers,
  clock: () => number,
): void {
  for (const name of endpointNames) {
    const handler = handlers[name] as Handler<EndpointName> | undefined;
    if (!handler) continue;
    const spec = endpoints[name];
    const requestSchema = schemas[name].request as TSchema;
    const payloadValidator = validatorFor(requestSchema);

    const route = async (request: FastifyRequest, reply: FastifyReply) => {
      const now = clock();
      const language = requestLanguage(request);
      const deviceId = deviceIdOf(request, reply, services);
      let input: unknown = request.body;
      if (spec.signed) {
        const { signature } = request.body as SignedBody;
        const key = services.keys.privateKey(signingKeyName(request));
        const opened = await openSignedPayload(signature, key, services.nonces, now);
        if (!opened.ok) {
          request.log.info({ reason: opened.reason }, 'signed call refused');
          throw new ApiError(ErrorCode.SIGNATURE_INVALID);
        }
        if (!payloadValidator.Check(opened.payload) || containsNul(opened.payload))
          throw new ApiError(ErrorCode.VALIDATION_FAILED);
        input = opened.payload;
      }
      const caller = spec.auth ? await authenticate(request, services, now) : undefined;
      const ctx: CallContext = {
        request,
        reply,
        services,
        language,
        now,
        ip: request.ip,
        deviceId,
        caller,
        issueToken: (token) => void reply.header(ResponseHeader.token, token),
      };
      const data = await handler(input as never, ctx);
      return reply.send(success(language, data));
    };

    for (const prefix of API_PREFIXES) {
      app.post(
        `${prefix}${spec.path}`,
        {
          schema: { body: spec.signed ? SignedBodySchema : requestSchema },
          config: { signed: spec.signed },
        },
        route,
      );
    }
  }
}

export function unimplementedEndpoints(handlers: Handlers): EndpointName[] {
  return endpointNames.filter((name) => handlers[name] === undefined);
}
