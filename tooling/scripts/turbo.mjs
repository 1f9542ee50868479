// The root scripts run turbo through this: no telemetry banner, and a task's output only when it
// fails (VERBOSE=1 shows every task's output, as does an explicit --output-logs).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
// CI asks for turbo's run summary (.turbo/runs/*.json): tooling/scripts/ci-timing.mjs reads it.
if (process.env.NIMBUS_TURBO_SUMMARY === '1' && args[0] === 'run') args.push('--summarize');
if (process.env.VERBOSE !== '1' && !args.some((arg) => arg.startsWith('--output-logs'))) {
  args.push('--output-logs=errors-only');
}
const result = spawnSync('turbo', args, {
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
});
if (result.error) {
  console.error(`could not run turbo: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
