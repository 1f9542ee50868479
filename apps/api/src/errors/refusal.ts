import { ErrorCode, type ErrorCodeEntry } from '@nimbus/api-sdk/contract';

export type MessageVars = Readonly<Record<string, string | number>>;

/**
 * A request the rules refuse, named by its result code from the contract's catalogue
 * (`ErrorCode.ORDER_NOT_FOUND`...). Services and stores throw it; they never know how it is
 * answered. The HTTP layer (http/error-handler.ts) turns it into the envelope with the code's
 * HTTP status and localised message; operator commands (ops/) print its English text and exit 1.
 * `message` overrides the code's own text with a more precise key (for example
 * `validation:invalid_email` for VALIDATION_FAILED); `vars` fill the message's placeholders.
 */
export class Refusal extends Error {
  constructor(
    readonly entry: ErrorCodeEntry,
    readonly options: { vars?: MessageVars; message?: `${string}:${string}` } = {},
  ) {
    super(entry.status);
    this.name = 'Refusal';
  }

  /** Whether this is the refusal `entry` (ORDER_NOT_FOUND, REFUND_NOT_ALLOWED...). */
  is(entry: ErrorCodeEntry): boolean {
    return this.entry === entry;
  }
}

/** VALIDATION_FAILED with the message of a domain validation error code (validation namespace). */
export function validationRefusal(code: string, vars?: MessageVars): Refusal {
  return new Refusal(ErrorCode.VALIDATION_FAILED, {
    message: `validation:${code}`,
    ...(vars ? { vars } : {}),
  });
}
