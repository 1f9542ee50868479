import { describe, expect, test } from 'vitest';
import { adminSchemas } from './admin/admin-schemas.ts';
import { schemas } from './index.ts';

/**
 * Every number a caller sends is bounded by the contract, so that no value (1e308 as a page, an
 * id of 1e999) reaches a query: a 4xx with the validation message instead of a 500. Walks every
 * request schema, public and console, so a new list or field cannot forget its bounds.
 */

type Json = Record<string, unknown>;

/** The paths of every number in a schema that lacks a finite minimum or maximum. */
function unbounded(schema: unknown, path: string, out: string[]): string[] {
  if (typeof schema !== 'object' || schema === null) return out;
  const node = schema as Json;
  if (node.type === 'integer' || node.type === 'number') {
    const ok = (v: unknown) => typeof v === 'number' && Math.abs(v) <= Number.MAX_SAFE_INTEGER;
    if (
      !(ok(node.minimum) || ok(node.exclusiveMinimum)) ||
      !(ok(node.maximum) || ok(node.exclusiveMaximum))
    )
      out.push(path);
  }
  for (const [key, value] of Object.entries(node))
    if (key === 'properties' && typeof value === 'object' && value !== null)
      for (const [name, child] of Object.entries(value)) unbounded(child, `${path}.${name}`, out);
    else if (Array.isArray(value))
      value.forEach((child, i) => unbounded(child, `${path}[${i}]`, out));
    else if (key === 'items' || key === 'not') unbounded(value, `${path}.${key}`, out);
  return out;
}

describe('every number a caller sends has bounds', () => {
  const all: Array<[string, unknown]> = [
    ...Object.entries(schemas).map(([name, s]) => [name, s.request] as [string, unknown]),
    ...Object.entries(adminSchemas).map(
      ([name, s]) => [`admin ${name}`, s.request] as [string, unknown],
    ),
  ];
  test.each(all)('%s', (name, request) => {
    expect(unbounded(request, name, [])).toEqual([]);
  });
});
