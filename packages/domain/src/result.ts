/**
 * The result of an operation whose failure is expected (bad input, a refused transition).
 * `error` is always one of a closed union of string codes, so callers can switch over it and
 * translate it; `params` carries values a message interpolates (for example `{ max: 40 }`).
 * Programmer errors (a misconfigured rate, an impossible argument) throw instead.
 */
export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E extends string> = {
  readonly ok: false;
  readonly error: E;
  readonly params?: Readonly<Record<string, string | number>>;
};
export type Result<T, E extends string> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

export function err<E extends string>(
  error: E,
  params?: Readonly<Record<string, string | number>>,
): Err<E> {
  return params === undefined ? { ok: false, error } : { ok: false, error, params };
}
