import { err, ok, type Result } from './result.ts';

const DECIMAL_ID = /^[1-9]\d*$/;

/**
 * A product id from a route parameter or a request body: a positive integer, given as a number
 * or as its plain decimal string ("12"; not "012", "1e3", "1.0" or " 12").
 */
export function parseProductId(input: unknown): Result<number, 'product_id_invalid'> {
  const id = typeof input === 'string' && DECIMAL_ID.test(input) ? Number(input) : input;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0
    ? ok(id)
    : err('product_id_invalid');
}
