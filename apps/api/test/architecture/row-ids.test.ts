import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// The class of eca8c8b and of adminOrderSearch's 500 (issue 34's sweep found it): an id typed by
// a person (a console filter, a search "#123", an ops argument) was read as Number() of up to 12
// digits and reached an `integer` column, which PostgreSQL refuses past 2,147,483,647 with an
// error (a 500, or a crashed ops command). Ids are read through db/row-id.ts (`rowId`: 0, which
// names no row, past the largest id). A digit-run pattern of that shape anywhere else in the
// server is such a parse; the webhook signature's timestamp is the one that is not an id.
const src = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
const NOT_IDS = new Set(['webhooks/signature.ts']);

test('ids typed by people are read through rowId, never Number() of a digit run', () => {
  const offenders = files(src)
    .filter((f) => f.endsWith('.ts') && !NOT_IDS.has(path.relative(src, f)))
    .flatMap((f) => {
      const lines = readFileSync(f, 'utf8').split('\n');
      // A digit-run test and a Number() of it, on one line or the next (a ternary).
      return lines
        .map((line, i) => ({
          at: `${path.relative(src, f)}:${i + 1}`,
          line,
          next: lines[i + 1] ?? '',
        }))
        .filter(
          ({ line, next }) =>
            (/\\d\{1,1[0-9]\}/.test(line) && /Number\(/.test(line + next)) ||
            /Number\(id\[1\]\)/.test(line),
        );
    })
    .map(({ at, line }) => `${at}: ${line.trim()}`);
  expect(offenders).toEqual([]);
});
