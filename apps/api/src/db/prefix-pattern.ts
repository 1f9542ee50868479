import { sql, type RawBuilder } from 'kysely';

/**
 * `column LIKE 'prefix%'` with the prefix's own `%`, `_` and `\` taken literally, on both
 * dialects (codes are searched by how they start).
 */
export function startsWith(column: string, prefix: string): RawBuilder<boolean> {
  const pattern = `${prefix.replace(/[\\%_]/g, '\\$&')}%`;
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '\\'`;
}
