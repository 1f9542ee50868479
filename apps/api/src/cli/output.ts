/** Readable text for operators: aligned tables, money and dates written out. */

export function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

export function date(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** A table with a header row; every cell is text, columns padded to their widest cell. */
export function table(header: string[], rows: (string | number)[][]): string {
  if (rows.length === 0) return '(none)';
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** "key: value" lines, keys aligned. */
export function fields(pairs: [string, string | number | boolean | null][]): string {
  const width = Math.max(...pairs.map(([k]) => k.length));
  return pairs
    .map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v === null ? '-' : String(v)}`)
    .join('\n');
}
