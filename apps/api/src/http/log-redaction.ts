import type { FastifyRequest } from 'fastify';

/**
 * A URL as logs may show it: its path, with any query string replaced. Query strings carry
 * secrets (a `?token=` sign-in link, a checkout key, a provider's signed fields), and logs are
 * read by more people and kept longer than the requests were meant to be.
 */
export function redactedUrl(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : `${url.slice(0, at)}?[redacted]`;
}

/** The request fields every request log line carries (Fastify's, with the URL redacted). */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
