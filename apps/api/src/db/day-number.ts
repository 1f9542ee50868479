import { MS_PER_DAY } from '@nimbus/domain';
import { sql } from 'kysely';

/**
 * A timestamp column's UTC day number (column / ms per day): an integer division on both
 * dialects, for grouping rows by day in the database.
 */
export const dayNumber = (column: string) =>
  sql<number>`${sql.ref(column)} / ${sql.lit(MS_PER_DAY)}`;
