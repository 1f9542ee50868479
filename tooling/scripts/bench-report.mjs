// Writes one section of docs/benchmarks.md, between `<!-- bench:<id> -->` and `<!-- /bench:<id>
// -->`,
// leaving the other sections as they are. Each bench script owns one section and calls this at
// its end, so `pnpm bench` leaves the file with the numbers of the last run of each part.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_FILE = path.resolve(
  fileURLToPath(import.meta.url),
  '../../../docs/benchmarks.md',
);

/** One line naming when and on what the numbers were taken. */
export function machineLine() {
  const cpu = cpus();
  return `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}.`;
}

/** A Markdown table from rows of equal keys. */
export function markdownTable(rows, columns = Object.keys(rows[0] ?? {})) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [
    line(columns),
    line(columns.map(() => '---')),
    ...rows.map((row) => line(columns.map((c) => String(row[c] ?? '')))),
  ].join('\n');
}

/**
 * Replaces (or appends) the section `id` of docs/benchmarks.md with `markdown`, preceded by
 * the machine line. Set BENCH_NO_WRITE=1 to print only.
 */
export function writeBenchSection(id, markdown) {
  if (process.env.BENCH_NO_WRITE === '1') return;
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  const block = `${start}\n${machineLine()}\n\n${markdown.trim()}\n${end}`;
  const text = existsSync(BENCHMARKS_FILE)
    ? readFileSync(BENCHMARKS_FILE, 'utf8')
    : '# Benchmarks\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(BENCHMARKS_FILE, next);
  console.log(`wrote the "${id}" section of ${path.relative(process.cwd(), BENCHMARKS_FILE)}`);
}
