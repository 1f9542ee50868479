import { sql, type RawBuilder } from 'kysely';

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** The letter or digit after `c` in the order every collation agrees on; '' past 9, Z and z. */
function nextAlphanumeric(c: string): string {
  if (c === '9') return 'A';
  for (const run of [DIGITS, UPPER, LOWER]) {
    const i = run.indexOf(c);
    if (i >= 0) return run.charAt(i + 1);
  }
  return '';
}

/**
 * The range of strings that start with `prefix` (printable ASCII: codes, e-mail addresses), with
 * bounds that hold in byte order (SQLite, a C collation) and in a language's collation that
 * skips punctuation (PostgreSQL's default): from the prefix without its trailing punctuation up
 * to the prefix with its last letter or digit stepped to the next one (a z or Z carries to the one
 * before, punctuation after it is dropped). Undefined for other characters, or when no upper
 * bound exists.
 */
export function prefixRange(prefix: string): { from: string; to: string } | undefined {
  if (!/^[\x21-\x7e]+$/.test(prefix)) return undefined;
  const from = prefix.replace(/[^0-9A-Za-z]+$/, '');
  const chars = [...from];
  while (chars.length > 0) {
    const next = nextAlphanumeric(chars.pop() ?? '');
    if (next !== '') return { from, to: `${chars.join('')}${next}` };
  }
  return undefined;
}

/**
 * `column LIKE 'prefix%'` with the prefix's own `%`, `_` and `\` taken literally, on both
 * dialects (codes and e-mail addresses are searched by how they start); for printable ASCII also
 * the range prefixRange gives, so the column's index finds the matches on both dialects (neither
 * reads a LIKE through a plain index).
 */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  const like = sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
  const range = prefixRange(prefix);
  if (!range) return like;
  return sql<boolean>`(${sql.ref(column)} >= ${range.from} and ${sql.ref(column)} < ${range.to} and ${like})`;
}
