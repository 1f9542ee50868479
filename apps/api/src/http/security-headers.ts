import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env.ts';

/** What helmet is asked for: the policy every answer of the one-origin server carries. */
export function securityHeaderOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...config.cspConnectSrc],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // The embedded default runs on plain http://localhost; behind TLS the proxy adds HSTS.
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    hsts: config.mode === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets for `options`, read once from a response its middleware decorated.
 * They depend on the configuration only (no nonces, no directive computed from the request), so
 * every answer gets the same set; @fastify/helmet built helmet's middleware again for every
 * request, which cost about 5 % of a cheap call's CPU (docs/architecture.md).
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  let done = false;
  helmet(options)(response.req, response, (error?: unknown) => {
    if (error !== undefined) throw error;
    done = true;
  });
  // Every helmet middleware is synchronous; one that was not would leave headers unset here.
  if (!done) throw new Error('helmet did not finish synchronously');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders()))
    if (value !== undefined) headers[name] = String(value);
  return Object.freeze(headers);
}
