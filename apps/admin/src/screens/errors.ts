import { ApiError } from '@nimbus/api-sdk/admin';

/** The server's localised message of a refused call, else the error's own text. */
export const messageOf = (error: unknown): string =>
  error instanceof ApiError ? error.msg : error instanceof Error ? error.message : String(error);
