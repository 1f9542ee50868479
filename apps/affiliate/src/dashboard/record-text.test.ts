import { describe, expect, test } from 'vitest';
import { toCsv, type TextColumn } from './record-text.ts';

describe('CSV', () => {
  test('quotes every field, doubles quotes, ends lines with CRLF and starts with a BOM', () => {
    const columns: TextColumn<{ a: string; b: string }>[] = [
      { key: 'a', header: 'Package', text: (r) => r.a },
      { key: 'b', header: 'Amount, paid', text: (r) => r.b },
    ];
    expect(toCsv(columns, [{ a: 'Standard "12 months"', b: '$1,179.99' }])).toBe(
      '\uFEFF"Package","Amount, paid"\r\n"Standard ""12 months""","$1,179.99"\r\n',
    );
    expect(toCsv(columns, [])).toBe('\uFEFF"Package","Amount, paid"\r\n');
  });
});
