/**
 * The import-cycle check of the whole repository (`pnpm cycles`, the root task //#cycles of
 * `pnpm test` and `pnpm lint`): every JavaScript and TypeScript file git knows, in every app,
 * package and tool (src, test, e2e, bench, scripts, configs). Exit code 1 on any cycle, with the
 * files and lines that form it.
 */
import path from 'node:path';
import { findCycles, formatCycles, repositoryFiles } from './cycles.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const started = performance.now();
const report = await findCycles(repoRoot, repositoryFiles(repoRoot));
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (report.cycles.length > 0) {
  console.error(formatCycles(report));
  console.error(`\n(${report.scanned} files scanned in ${seconds} s)`);
  process.exit(1);
}
console.log(
  `no import cycle: ${report.scanned} files scanned, ${report.modules} read, ${seconds} s`,
);
