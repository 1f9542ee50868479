import type { AfterResponseHook, BeforeRequestHook } from 'ky';
import { endpoints, type EndpointName } from '../src/contract/endpoints.ts';
import { withCallContext } from '../src/client/context.ts';
import type { CookieJar } from '../src/client/cookies.ts';

type Options = Parameters<BeforeRequestHook>[1];

/** The options ky hands a hook, for calling one hook on its own. */
export function callOptions(
  name: EndpointName | undefined,
  payload: object = {},
  skipErrorHandler = false,
): Options {
  return {
    context: name
      ? withCallContext({ name, spec: endpoints[name], payload, skipErrorHandler })
      : {},
  } as unknown as Options;
}

/**
 * Runs a beforeRequest hook on a request carrying `payload`; returns the request it saw and the
 * hook's result.
 */
export async function runBeforeRequest(
  hook: BeforeRequestHook,
  name: EndpointName | undefined,
  payload: object = {},
) {
  const request = new Request('http://127.0.0.1/v4/api/x', {
    method: 'POST',
    body: JSON.stringify(payload),
  });
  const result = await hook(request, callOptions(name, payload), { retryCount: 0 });
  return { request, result };
}

export async function runAfterResponse(
  hook: AfterResponseHook,
  name: EndpointName | undefined,
  response: Response,
  { skipErrorHandler = false, requestHeaders = {} as Record<string, string> } = {},
) {
  const request = new Request('http://127.0.0.1/v4/api/x', {
    method: 'POST',
    headers: requestHeaders,
  });
  return hook(request, callOptions(name, {}, skipErrorHandler), response, { retryCount: 0 });
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: 200,
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.headers as Record<string, string> | undefined),
    },
  });
}

/** An in-memory cookie jar for hooks that only read cookies. */
export function memoryJar(values: Record<string, string> = {}): CookieJar {
  const map = new Map(Object.entries(values));
  return {
    get: (n) => map.get(n),
    set: (n, v) => void map.set(n, v),
    remove: (n) => void map.delete(n),
  };
}
