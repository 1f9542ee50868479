import { Refusal } from '../errors/refusal.ts';
import { failure } from '../http/envelope.ts';
import { OpsRefusal, OpsUsageError, type OpsResult } from '../cli/ops-context.ts';

export interface OpsOutcome {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * A command's result as the process prints it: text or --json on stdout and exit code 0; a usage
 * error (exit code 2) or a refusal (1) with the reason on stderr. Loaded with the command, so
 * `pnpm ops help` does not load the configuration's schemas or the catalogues.
 */
export async function outcomeOf(
  argv: string[],
  run: (args: string[]) => Promise<OpsResult>,
): Promise<OpsOutcome> {
  const json = argv.includes('--json');
  const args = argv.filter((a) => a !== '--json');
  try {
    const result = await run(args);
    return {
      exitCode: result.exitCode ?? 0,
      stdout: `${json ? JSON.stringify(result.json, null, 2) : result.text}\n`,
      stderr: '',
    };
  } catch (error) {
    // A service's refusal is told in English, as the API would tell it, and exits 1.
    const message =
      error instanceof Refusal
        ? failure('en', error.entry, error.options).msg
        : error instanceof OpsUsageError || error instanceof OpsRefusal
          ? error.message
          : undefined;
    if (message === undefined) throw error;
    const kind = error instanceof OpsUsageError ? 'usage' : 'refused';
    return {
      exitCode: kind === 'usage' ? 2 : 1,
      stdout: json ? `${JSON.stringify({ error: { kind, message } }, null, 2)}\n` : '',
      stderr: `${message}\n`,
    };
  }
}
