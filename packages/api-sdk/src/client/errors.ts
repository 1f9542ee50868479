import type { Envelope } from '../contract/envelope.ts';

/**
 * The errors a call rejects with. An answered call with a code other than 200 is an `ApiError`;
 * no answer, or an answer that is not an envelope, is a `NetworkError` (`TimeoutError` when the
 * 10 s ran out); a call the caller cancelled is an `AbortError`.
 */

export interface ApiErrorDetails {
  path: string;
  requestId: string | null;
  httpStatus: number;
}

/**
 * A refused call. `msg` is already localised by the server; the catalogue entry (with the i18n
 * key) is `errorEntryByCode(error.code)` from the contract, kept out of this bundle.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly status: string;
  readonly path: string;
  readonly requestId: string | null;
  readonly httpStatus: number;

  constructor(envelope: Pick<Envelope, 'code' | 'msg' | 'status'>, details: ApiErrorDetails) {
    super(envelope.msg || envelope.status);
    this.code = envelope.code;
    this.msg = envelope.msg;
    this.status = envelope.status;
    this.path = details.path;
    this.requestId = details.requestId;
    this.httpStatus = details.httpStatus;
  }
}

/** The one place an `ApiError` is built from an answered envelope. */
export function fromEnvelope(envelope: Envelope, details: ApiErrorDetails): ApiError {
  return new ApiError(envelope, details);
}

export type NetworkFailure = 'no-answer' | 'unreadable' | 'timeout';

export class NetworkError extends Error {
  override readonly name: string = 'NetworkError';
  readonly path: string;
  readonly failure: NetworkFailure;
  /** The HTTP status of an unreadable answer; null when nothing answered. */
  readonly httpStatus: number | null;

  constructor(
    path: string,
    failure: NetworkFailure,
    options: { cause?: unknown; httpStatus?: number } = {},
  ) {
    super(`Network error (${failure}) on ${path}`, { cause: options.cause });
    this.path = path;
    this.failure = failure;
    this.httpStatus = options.httpStatus ?? null;
  }
}

/**
 * No answer within the timeout. A kind of network error, so one `instanceof NetworkError` covers
 * both.
 */
export class TimeoutError extends NetworkError {
  override readonly name = 'TimeoutError';

  constructor(path: string, options: { cause?: unknown } = {}) {
    super(path, 'timeout', options);
  }
}

/** The caller cancelled the call (its AbortSignal fired): nothing to report. */
export class AbortError extends Error {
  override readonly name = 'AbortError';
  readonly path: string;

  constructor(path: string, options: { cause?: unknown } = {}) {
    super(`Call to ${path} was aborted`, { cause: options.cause });
    this.path = path;
  }
}

export type ClientError = ApiError | NetworkError | AbortError;

/**
 * Maps whatever fetch or ky threw to one of ours. ky's own error classes are recognised by name
 * so that this module does not import ky. Errors that are none of these (a bug) pass unchanged.
 */
export function toClientError(error: unknown, path: string): unknown {
  if (error instanceof ApiError || error instanceof NetworkError || error instanceof AbortError)
    return error;
  if (!(error instanceof Error)) return error;
  switch (error.name) {
    case 'TimeoutError':
      return new TimeoutError(path, { cause: error });
    case 'AbortError':
      return new AbortError(path, { cause: error });
    case 'NetworkError':
      return new NetworkError(path, 'no-answer', { cause: error });
    default:
      // fetch rejects with a TypeError when the connection fails (refused, reset, DNS).
      return error instanceof TypeError
        ? new NetworkError(path, 'no-answer', { cause: error })
        : error;
  }
}
