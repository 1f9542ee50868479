import {
  endpointNames,
  endpoints,
  featureOf,
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
import type { PlatformKeyName } from '../config/env.ts';
import { openSignedPayload } from '../security/signature.ts';
import { tokenFromAuthorization } from '../security/sessions.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { Refusal } from '../errors/refusal.ts';
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
function deviceIdOf(
  request: FastifyRequest,
  reply: FastifyReply,
  services: PlatformServices,
): string {
  const given = header(request, RequestHeader.deviceId)?.trim();
  if (!given) {
    const issued = services.deviceIds.issue();
    reply.header(ResponseHeader.deviceId, issued);
    return issued;
  }
  if (!services.deviceIds.verify(given)) {
    reply.header(ResponseHeader.deviceId, services.deviceIds.issue());
    throw new Refusal(ErrorCode.DEVICE_ID_INVALID);
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
  services: PlatformServices,
  now: number,
): Promise<Caller> {
  const token = tokenFromAuthorization(header(request, RequestHeader.authorization));
  const session = token ? await services.sessions.authenticate(token, now, request.ip) : undefined;
  if (!session) throw new Refusal(ErrorCode.UNAUTHORIZED);
  return session;
}

/**
 * Registers one POST route per endpoint of the contract, under both prefixes, validated by the
 * endpoint's request schema (signed calls: the body is `{ signature }`, opened, then the payload
 * is validated), answered by the endpoint's handler.
 */
export function registerContractRoutes<S extends PlatformServices>(
  app: FastifyInstance,
  services: S,
  handlers: Handlers<S>,
  clock: () => number,
): void {
  for (const name of endpointNames) {
    const handler = handlers[name] as Handler<EndpointName, S>;
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
        const opened = await openSignedPayload(
          signature,
          signingKeyName(request),
          services.nonces,
          now,
          services.decryptor,
        );
        if (!opened.ok) {
          request.log.info({ reason: opened.reason }, 'signed call refused');
          throw new Refusal(ErrorCode.SIGNATURE_INVALID);
        }
        if (!payloadValidator.Check(opened.payload) || containsNul(opened.payload))
          throw new Refusal(ErrorCode.VALIDATION_FAILED);
        input = opened.payload;
      }
      const caller = spec.auth ? await authenticate(request, services, now) : undefined;
      // A feature the operator switched off (after the session check: the order of refusals
      // stays what a caller can predict).
      const feature = featureOf(name);
      if (feature !== undefined && !(await services.settings.features())[feature])
        throw new Refusal(ErrorCode.FEATURE_UNAVAILABLE);
      const ctx: CallContext<S> = {
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
