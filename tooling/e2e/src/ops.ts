import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { OPS_ENTRY, REPO_ROOT, type RunningServer } from './server.ts';

const run = promisify(execFile);

/**
 * An operator command (`pnpm ops <command> ...`) against a suite's server without blocking the
 * test: the built `apps/api/dist/ops.js` on the same data folder, with `flags` as `--name=value`,
 * asked for `--json`. Returns what it printed, parsed.
 * `ops(server, ['kol', 'mark', userId], { rate: 50 })`
 */
export async function ops<T = unknown>(
  server: Pick<RunningServer, 'dataDir'>,
  command: readonly string[],
  flags: Record<string, string | number> = {},
): Promise<T> {
  const args = [
    ...command,
    ...Object.entries(flags).map(([name, value]) => `--${name}=${value}`),
    '--json',
  ];
  const { stdout } = await run(process.execPath, [OPS_ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: server.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
  });
  return JSON.parse(stdout) as T;
}
