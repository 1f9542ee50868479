import type { Config } from './config/env.ts';
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

/**
 * `pnpm ops <command> ...`, the operator's one entry point (commands: ops/commands.ts; `help`
 * lists them): the same configuration as the server, the command, its output and exit code. A
 * command's code is loaded only when it runs.
 */
export async function opsMain(
  argv: string[],
  loadConfig: () => Promise<Config>,
): Promise<OpsOutcome> {
  const [name, ...args] = argv;
  if (name === 'help' || name === '--help' || name === '-h')
    return { exitCode: 0, stdout: `${helpText()}\n`, stderr: '' };
  if (!isOpsCommand(name)) return { exitCode: 2, stdout: '', stderr: `${unknownCommand(name)}\n` };
  if (args.includes('--help') || args.includes('-h'))
    return { exitCode: 0, stdout: `${await commandHelp(name)}\n`, stderr: '' };
  const { ConfigError } = await import('./config/env.ts');
  let config: Config;
  try {
    config = await loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { exitCode: 1, stdout: '', stderr: `${error.message}\n` };
  }
  // Notices a command queues (refunds, KOL decisions, group news...) link to PUBLIC_URL; in
  // production a shell without it would send members to localhost.
  if (needsServices(name) && !config.publicUrlGiven && config.mode === 'production')
    return {
      exitCode: 1,
      stdout: '',
      stderr: `PUBLIC_URL is not set: run pnpm ops with the server's environment (notices it queues would link to ${config.publicUrl})\n`,
    };
  const actor = (await import('./cli/ops-context.ts')).operatorActor();
  if (!needsServices(name)) return runSetupCommand(name, args, { config, actor });
  // The server (Fastify, the payment providers, the database drivers) loads only for a command
  // that runs on its services: `help`, `--help` and the setup commands never load it.
  const { createServer } = await import('./server.ts');
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

const outcome = await opsMain(process.argv.slice(2), async () =>
  (await import('./config/env.ts')).loadConfig(),
);
process.stdout.write(outcome.stdout);
process.stderr.write(outcome.stderr);
process.exit(outcome.exitCode);
