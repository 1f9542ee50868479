import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The one writer of docs/benchmarks.md sections, shared with the server's benches.
export { machineLine, markdownTable, writeBenchSection } from '../../scripts/bench-report.mjs';

/**
 * Writes `<packageRoot>/bench-results/<name>.json` (turbo keeps bench-results/ as the task output).
 */
export function writeResults(packageRoot: string, name: string, data: unknown): string {
  const folder = path.join(packageRoot, 'bench-results');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/** `--name=a,b` from the command line, split on commas; undefined when absent. */
export function listArgument(
  name: string,
  argv: readonly string[] = process.argv,
): string[] | undefined {
  const prefix = `--${name}=`;
  const arg = argv.find((a) => a.startsWith(prefix));
  return arg === undefined ? undefined : arg.slice(prefix.length).split(',').filter(Boolean);
}
