import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorCodeEntry } from '@nimbus/api-sdk/contract';
import { DEFAULT_LANGUAGE } from '@nimbus/i18n/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DatabaseBusyError } from '../db/sqlite-driver.ts';
import { Refusal } from '../errors/refusal.ts';
import { failure, requestLanguage } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is a signed call: a malformed body is a signature failure. */
    signed?: boolean;
  }
}

const BY_HTTP_STATUS: Record<number, ErrorCodeEntry> = {
  400: ErrorCode.VALIDATION_FAILED,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  405: ErrorCode.METHOD_NOT_ALLOWED,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/** The result code of anything thrown while answering a request. */
function entryOf(error: FastifyError, request: FastifyRequest): ErrorCodeEntry {
  if (error.validation || error.code === 'FST_ERR_VALIDATION')
    return request.routeOptions.config.signed
      ? ErrorCode.SIGNATURE_INVALID
      : ErrorCode.VALIDATION_FAILED;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return ErrorCode.UNSUPPORTED_MEDIA_TYPE;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return ErrorCode.PAYLOAD_TOO_LARGE;
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  // A client error Fastify or a plugin raised (bad JSON, bad Content-Length...) stays a 4xx.
  if (status >= 400 && status < 500) return BY_HTTP_STATUS[status] ?? ErrorCode.VALIDATION_FAILED;
  return BY_HTTP_STATUS[status] ?? ErrorCode.INTERNAL;
}

/**
 * Every failure is the envelope `{ code, msg, status, data: null }` with a localised msg and
 * the code's HTTP status. Malformed, mistyped or oversized requests are 4xx; only a fault of
 * the server itself is a 5xx, and it is logged with its stack.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = requestLanguage(request);
    if (error instanceof Refusal) {
      return reply.status(error.entry.http).send(failure(language, error.entry, error.options));
    }
    if (error instanceof DatabaseBusyError) {
      // Another process held the SQLite database too long: nothing was written, try again.
      request.log.warn({ err: error.message }, 'database busy');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(failure(language, ErrorCode.SERVICE_UNAVAILABLE));
    }
    const entry = entryOf(error, request);
    if (entry.http >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, message: error.message }, 'request refused');
    return reply.status(entry.http).send(failure(language, entry));
  });
}

export function sendNotFound(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: ErrorCodeEntry = ErrorCode.NOT_FOUND,
) {
  return reply.status(entry.http).send(failure(requestLanguage(request), entry));
}

/**
 * Bytes Node's HTTP parser refuses (broken Content-Length or chunked framing, control
 * characters, oversized headers, a bad request line) never reach a route. They are answered
 * with the envelope too (Fastify's default is its own JSON), in the default language since no
 * header was read, and the connection is closed as Node does.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const overflow = error.code === 'HPE_HEADER_OVERFLOW';
  const status = overflow ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const entry: ErrorCodeEntry = overflow
    ? ErrorCode.PAYLOAD_TOO_LARGE
    : ErrorCode.VALIDATION_FAILED;
  const body = JSON.stringify(failure(DEFAULT_LANGUAGE, entry));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Errors Fastify raises before routing (a URL that does not percent-decode, a parameter over
 * `maxParamLength`) are answered with the envelope as well, never Fastify's own JSON, which
 * echoes the URL.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const entry = (error.statusCode ?? 500) < 500 ? ErrorCode.VALIDATION_FAILED : ErrorCode.INTERNAL;
  if (entry.http >= 500) request.log.error({ err: error }, 'request failed');
  void reply
    .header('x-request-id', request.id)
    .status(entry.http)
    .send(failure(requestLanguage(request), entry));
}
