/**
 * A database that cannot be reached or entered at start is the operator's to fix, not a bug:
 * main.ts prints this error's one-line message (what failed and what to do) without a stack.
 */
export class DatabaseUnreachableError extends Error {
  override readonly name = 'DatabaseUnreachableError';
}

/** Network failures (no server there, no such host, no answer) and PostgreSQL's refusals. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
]);
const REFUSALS: Record<string, string> = {
  '28P01': 'the password was refused',
  '28000': 'the user may not connect',
  '3D000': 'the database does not exist',
};

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node reports a host with several addresses as an AggregateError of per-address errors.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) ? errors.map(codeOf).find(Boolean) : undefined;
}

/** The URL without its password, to print. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * The DatabaseUnreachableError for `error` when it says the PostgreSQL server at `url` could not
 * be reached or entered, otherwise undefined (a failing migration stays a failure with its stack).
 */
export function unreachableDatabase(
  error: unknown,
  url: string | undefined,
): DatabaseUnreachableError | undefined {
  const code = codeOf(error);
  if (url === undefined || code === undefined) return undefined;
  const where = redactUrl(url);
  if (NETWORK_CODES.has(code)) {
    return new DatabaseUnreachableError(
      `Cannot reach PostgreSQL at ${where} (${code}): start it there, or point DATABASE_URL at a running server (unset DATABASE_URL to use SQLite in DATA_DIR).`,
    );
  }
  const refusal = REFUSALS[code];
  if (refusal !== undefined) {
    return new DatabaseUnreachableError(
      `PostgreSQL at ${where} refused the connection (${refusal}): fix DATABASE_URL, or create the database or user it names.`,
    );
  }
  return undefined;
}
