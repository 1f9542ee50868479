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
