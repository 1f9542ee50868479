import ky from 'ky';
import {
  apiPrefixFor,
  environmentFromHostname,
  HTTP_TIMEOUT_MS,
  LanguageHeader,
  type Language,
} from '@nimbus/domain';
import {
  adminEndpoints,
  type AdminEndpointName,
  type AdminEndpointSpec,
} from '../contract/admin/admin-endpoints.ts';
import type { AdminRequestOf, AdminResponseOf } from '../contract/admin/admin-types.ts';
import type { Envelope } from '../contract/envelope.ts';
import { RequestHeader, ResponseHeader } from '../contract/headers.ts';
import { ApiError, toClientError } from '../client/errors.ts';
import { unwrapEnvelope } from '../client/hooks/unwrap-envelope.ts';

/**
 * The operator console's client: one method per call of the console catalogue, the envelope
 * unwrapped as the member client does (a refused call rejects with ApiError). The operator token
 * lives in this tab's session storage only, never in the members' storage or cookie, and is
 * forgotten when the server answers Unauthorized or the operator signs out.
 */
export const OPERATOR_TOKEN_KEY = 'nimbus.operator.token';

export interface AdminClientOptions {
  /** Origin of the API; '' for the page's own. */
  apiBase: string;
  hostname: string;
  getLanguage: () => Language;
  storage?: Storage;
  /** Called when the session ended (Unauthorized, sign-out). */
  onSignedOut?: () => void;
  fetch?: (input: Request | URL | string, init?: RequestInit) => Promise<Response>;
}

export type AdminMethods = {
  [N in AdminEndpointName]: (payload: AdminRequestOf<N>) => Promise<AdminResponseOf<N>>;
};

export interface AdminClient extends AdminMethods {
  hasSession(): boolean;
  forget(): void;
}

const UNAUTHORIZED = 401;

export function createAdminClient(options: AdminClientOptions): AdminClient {
  const storage = options.storage ?? globalThis.sessionStorage;
  const prefix = apiPrefixFor(environmentFromHostname(options.hostname));
  const http = ky.create({
    timeout: HTTP_TIMEOUT_MS,
    retry: 0,
    throwHttpErrors: false,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    hooks: { afterResponse: [unwrapEnvelope()] },
  });
  const forget = () => storage.removeItem(OPERATOR_TOKEN_KEY);

  async function send(name: AdminEndpointName, payload: object): Promise<unknown> {
    const spec: AdminEndpointSpec = adminEndpoints[name];
    const token = storage.getItem(OPERATOR_TOKEN_KEY);
    try {
      const response = await http.post(
        `${options.apiBase.replace(/\/+$/, '')}${prefix}${spec.path}`,
        {
          json: payload,
          headers: {
            [RequestHeader.language]: LanguageHeader[options.getLanguage()],
            ...(token ? { [RequestHeader.authorization]: token } : {}),
          },
        },
      );
      const issued = response.headers.get(ResponseHeader.token);
      if (spec.token && issued) storage.setItem(OPERATOR_TOKEN_KEY, issued);
      if (spec.clearsToken) {
        forget();
        options.onSignedOut?.();
      }
      return (await response.json<Envelope>()).data;
    } catch (caught) {
      const error = toClientError(caught, spec.path);
      if (error instanceof ApiError && error.code === UNAUTHORIZED && spec.access !== 'public') {
        forget();
        options.onSignedOut?.();
      }
      throw error;
    }
  }

  const methods = Object.fromEntries(
    (Object.keys(adminEndpoints) as AdminEndpointName[]).map((name) => [
      name,
      (payload: object) => send(name, payload),
    ]),
  ) as unknown as AdminMethods;
  return { ...methods, hasSession: () => storage.getItem(OPERATOR_TOKEN_KEY) !== null, forget };
}
