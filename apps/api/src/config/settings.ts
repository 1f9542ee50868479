/**
 * Reads one environment value by name: trimmed, and undefined when unset or empty. env.ts hands
 * it to the parsers of each part of the configuration (they never read process.env).
 */
export type Setting = (name: string) => string | undefined;

/**
 * A whole number from `min` to `max`, or `fallback` when unset. Anything else is a problem
 * (reported with every other one when the configuration loads) and the fallback is used.
 */
export function intSetting(
  get: Setting,
  name: string,
  fallback: number,
  min: number,
  max: number,
  problems: string[],
): number {
  const raw = get(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}
