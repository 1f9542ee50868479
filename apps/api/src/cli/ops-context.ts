import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Actor } from '../audit/index.ts';
import type { Config } from '../config/env.ts';
import { parseIntText } from '../config/settings.ts';
import type { PlatformServices } from '../platform/platform-services.ts';

/**
 * What every operator command gets: the server's services (the same domain rules and
 * transactions as the API), the time, and who runs it. Commands return their result twice:
 * as readable text and as data for --json.
 */
export interface OpsContext<S extends PlatformServices = PlatformServices> {
  services: S;
  now: number;
  actor: Actor;
}

export interface OpsResult {
  text: string;
  json: unknown;
  /** 1 when the command found what it reports wrong (ops check: the server would not start). */
  exitCode?: number;
}

export type OpsCommand<S extends PlatformServices = PlatformServices> = (
  args: string[],
  ctx: OpsContext<S>,
) => Promise<OpsResult>;

/** What a command that runs before a database may exist gets: the configuration, who runs it. */
export interface SetupContext {
  config: Config;
  actor: Actor;
}

export type SetupCommand = (args: string[], ctx: SetupContext) => Promise<OpsResult>;

/**
 * A command used wrongly (unknown flag, missing or malformed value): exit code 2 and the message.
 */
export class OpsUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsUsageError';
  }
}

/**
 * A request the rules refuse (below the payout threshold, unknown order...): exit code 1 and the
 * message.
 */
export class OpsRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsRefusal';
  }
}

/** The operator, from the operating system account running the command ('ops:alice'). */
export function operatorActor(): Actor {
  let name = 'unknown';
  try {
    name = userInfo().username || name;
  } catch {
    // No passwd entry (some containers): the audit row still says it came from operations.
  }
  return `ops:${name}`;
}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

/** Parses flags strictly (an unknown flag is a usage error) and the positionals. */
export function parseFlags<O extends OptionSpec>(args: string[], options: O, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new OpsUsageError(
      `${error instanceof Error ? error.message : String(error)}\nusage: ${usage}`,
    );
  }
}

export function requireString(
  value: string | boolean | undefined,
  name: string,
  usage: string,
): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new OpsUsageError(`--${name} is required\nusage: ${usage}`);
  return value.trim();
}

export function intFlag(
  value: string | boolean | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined) return undefined;
  const n =
    typeof value === 'string' ? parseIntText(value.trim(), `--${name}`, min, max, []) : undefined;
  if (n === undefined)
    throw new OpsUsageError(
      `--${name} must be a whole number from ${min} to ${max} (got "${String(value)}")`,
    );
  return n;
}

/**
 * An amount like 12.99 or 12 in a currency with two decimals, as integer minor units (no floating
 * point).
 */
export function moneyFlag(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(value.trim()) : null;
  if (!match)
    throw new OpsUsageError(`--${name} must be an amount such as 12.99 (got "${String(value)}")`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** An instant: an ISO date-time with a zone, or a date (midnight UTC). */
export function instantFlag(value: string | boolean | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? Date.parse(`${text}T00:00:00Z`)
    : /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(text)
      ? Date.parse(text)
      : Number.NaN;
  if (Number.isNaN(ms))
    throw new OpsUsageError(
      `--${name} must be a date (2026-12-31) or an ISO date-time with a zone (got "${text}")`,
    );
  return ms;
}

export function yesNoFlag(value: string | boolean | undefined, name: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === true || value === 'yes' || value === 'true') return true;
  if (value === 'no' || value === 'false') return false;
  throw new OpsUsageError(`--${name} must be yes or no (got "${String(value)}")`);
}

/** The one positional a command expects (an id, a code...). */
export function onePositional(positionals: string[], what: string, usage: string): string {
  if (positionals.length !== 1 || (positionals[0] ?? '').trim() === '')
    throw new OpsUsageError(`expected one ${what}\nusage: ${usage}`);
  return (positionals[0] ?? '').trim();
}
