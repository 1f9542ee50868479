import type { ErrorCodeEntry } from './error-codes.ts';
import { SUCCESS_CODE, SUCCESS_STATUS } from './well-known-codes.ts';

/**
 * Every response body: `{ code, msg, status, data }`. `code === 200` is success; on failure
 * `data` is null, `msg` the message localised by the `language` header and `status` the name
 * of the code (for example "Unauthorized").
 */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  status: string;
  data: T;
}

export interface SignedBody {
  signature: string;
}

export { SUCCESS_CODE };

export function successEnvelope<T>(data: T, msg: string = SUCCESS_STATUS): Envelope<T> {
  return { code: SUCCESS_CODE, msg, status: SUCCESS_STATUS, data };
}

export function errorEnvelope(entry: ErrorCodeEntry, msg: string): Envelope<null> {
  return { code: entry.code, msg, status: entry.status, data: null };
}

/** A value is an envelope when it has the four fields with their types. */
export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.code === 'number' &&
    typeof v.msg === 'string' &&
    typeof v.status === 'string' &&
    'data' in v
  );
}
