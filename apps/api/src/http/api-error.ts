import { ErrorCode, type ErrorCodeEntry } from '@nimbus/api-sdk/contract';

export type MessageVars = Readonly<Record<string, string | number>>;

/**
 * A refusal a caller can act on: answered as the envelope of `entry` with its HTTP status.
 * `message` overrides the code's own text with a more precise key (for example
 * `validation:invalid_email` for VALIDATION_FAILED); `vars` fill the message's placeholders.
 */
export class ApiError extends Error {
  constructor(
    readonly entry: ErrorCodeEntry,
    readonly options: { vars?: MessageVars; message?: `${string}:${string}` } = {},
  ) {
    super(entry.status);
    this.name = 'ApiError';
  }
}

/** VALIDATION_FAILED with the message of a domain validation error code (validation namespace). */
export function validationError(code: string, vars?: MessageVars): ApiError {
  return new ApiError(ErrorCode.VALIDATION_FAILED, {
    message: `validation:${code}`,
    ...(vars ? { vars } : {}),
  });
}
