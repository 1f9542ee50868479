import type { PlatformServices } from '../platform/platform-services.ts';
import {
  OpsUsageError,
  parseFlags,
  type OpsCommand,
  type OpsContext,
  type OpsResult,
  type OptionSpec,
} from './ops-context.ts';

/** What a subcommand gets: the flags and positionals after its name, and the name itself. */
export type SubcommandArgs<O extends OptionSpec> = ReturnType<typeof parseFlags<O>> & {
  sub: string;
};

export type Subcommand<O extends OptionSpec, S extends PlatformServices = PlatformServices> = (
  args: SubcommandArgs<O>,
  ctx: OpsContext<S>,
) => Promise<OpsResult>;

/**
 * A command of subcommands (`pnpm ops plans add ...`): the arguments after the first are parsed
 * strictly with the command's one flag table (an unknown flag is a usage error before the
 * subcommand is looked at), then the subcommand the first names runs. An unknown or missing
 * subcommand is a usage error: `usage: <usage>`, or `unknownText` where a command words it
 * otherwise.
 */
export function subcommands<O extends OptionSpec, S extends PlatformServices = PlatformServices>(
  usage: string,
  options: O,
  handlers: Record<string, Subcommand<O, S>>,
  unknownText = `usage: ${usage}`,
): OpsCommand<S> {
  return async ([sub, ...rest], ctx) => {
    const parsed = parseFlags(rest, options, usage);
    const handler = sub !== undefined && Object.hasOwn(handlers, sub) ? handlers[sub] : undefined;
    if (sub === undefined || handler === undefined) throw new OpsUsageError(unknownText);
    return handler({ ...parsed, sub }, ctx);
  };
}
