import { ConfigError, loadConfig, type Config } from './config/env.ts';
import {
  commandHelp,
  helpText,
  isOpsCommand,
  needsServices,
  runOpsCommand,
  runSetupCommand,
  unknownCommand,
  type OpsOutcome,
} from './ops/commands.ts';
import { operatorActor } from './cli/ops-context.ts';
import { createServer } from './server.ts';

/**
 * `pnpm ops <command> ...`, the operator's one entry point (commands: ops/commands.ts; `help`
 * lists them): the same configuration as the server, the command, its output and exit code.
 */
export async function opsMain(argv: string[], loadConfig: () => Config): Promise<OpsOutcome> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h')
    return { exitCode: 0, stdout: `${helpText()}\n`, stderr: '' };
  if (!isOpsCommand(name)) return { exitCode: 2, stdout: '', stderr: `${unknownCommand(name)}\n` };
  if (args.includes('--help') || args.includes('-h'))
    return { exitCode: 0, stdout: `${commandHelp(name)}\n`, stderr: '' };
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { exitCode: 1, stdout: '', stderr: `${error.message}\n` };
  }
  const actor = operatorActor();
  if (!needsServices(name)) return runSetupCommand(name, args, { config, actor });
  const app = await createServer(
    { ...config, logLevel: 'warn' },
    { pruneIntervalMs: 0, jobIntervalMs: 0 },
  );
  try {
    return await runOpsCommand(name, args, app.services, Date.now(), actor);
  } finally {
    await app.close();
  }
}

const outcome = await opsMain(process.argv.slice(2), () => loadConfig());
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exit(outcome.exitCode);
