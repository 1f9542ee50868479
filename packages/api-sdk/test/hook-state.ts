import type { AfterResponseState, BeforeRequestState } from 'ky';
import { endpoints, type EndpointName } from '../src/contract/endpoints.ts';
import { withCallContext } from '../src/client/context.ts';
import type { CookieJar } from '../src/client/cookies.ts';

/** The state ky hands a hook, for calling one hook on its own. */
export function callOptions(name: EndpointName | undefined, payload: object = {}, skipErrorHandler = false) {
  return {
    context: name ? withCallContext({ name, spec: endpoints[name], payload, skipErrorHandler }) : {},
  } as unknown as BeforeRequestState['options'];
}

export function beforeRequestState(name: EndpointName | undefined, payload: object = {}, init: RequestInit = {}): BeforeRequestState {
  const request = new Request('http://127.0.0.1/v4/api/x', { method: 'POST', body: JSON.stringify(payload), ...init });
  return { request, options: callOptions(name, payload), retryCount: 0 } as BeforeRequestState;
}

export function afterResponseState(
  name: EndpointName | undefined,
  response: Response,
  { skipErrorHandler = false, requestHeaders = {} as Record<string, string> } = {},
): AfterResponseState {
  const request = new Request('http://127.0.0.1/v4/api/x', { method: 'POST', headers: requestHeaders });
  return { request, response, options: callOptions(name, {}, skipErrorHandler), retryCount: 0 } as AfterResponseState;
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) },
  });
}

/** An in-memory cookie jar for hooks that only read cookies. */
export function memoryJar(values: Record<string, string> = {}): CookieJar {
  const map = new Map(Object.entries(values));
  return { get: (n) => map.get(n), set: (n, v) => void map.set(n, v), remove: (n) => void map.delete(n) };
}
