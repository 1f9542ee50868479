/** The largest id of an `integer` row id column (PostgreSQL int4; SQLite takes more). */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * A row id given as text (the contract's NumericId allows 15 digits), as a number a query may
 * use: 0, which names no row, when it is past ROW_ID_MAX. PostgreSQL refuses a larger value for
 * an `integer` column with an error (a 500), where the caller should get "not found".
 */
export function rowId(text: string): number {
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= 1 && value <= ROW_ID_MAX ? value : 0;
}
