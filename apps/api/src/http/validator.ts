import { Compile, type Validator } from 'typebox/compile';
import type { TSchema } from 'typebox';

const cache = new WeakMap<TSchema, Validator>();

/**
 * A compiled TypeBox validator per schema object (the contract's schemas are shared between
 * the /v4 and /v4/test routes). TypeBox checks exactly: no type coercion, so "1" is not 1.
 */
export function validatorFor(schema: TSchema): Validator {
  let validator = cache.get(schema);
  if (!validator) {
    validator = Compile(schema);
    cache.set(schema, validator);
  }
  return validator;
}

/**
 * Whether a request value holds U+0000 in a string or a key. PostgreSQL text cannot store it
 * (the query fails), and no field of the contract needs it, so such a request is refused as
 * malformed on both databases, before any handler runs.
 */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      for (const item of v as unknown[]) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
