import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminEndpoints, endpoints } from '@nimbus/api-sdk/contract';
import { describe, expect, test } from 'vitest';
import { adminHandlers } from '../../src/admin/admin-handlers.ts';
import { allHandlers } from '../../src/handlers.ts';

// docs/architecture.md, noun folders: "member-routes.ts / console-routes.ts: its handlers, each
// headed by its route comment". Every handler of the contract whose code lives in a noun folder
// is found by its name in that folder, and the comment lines right above it (past its doc
// comment) name its method and path: `// POST /api/payment/payment_shop`.
const src = path.resolve(import.meta.dirname, '../../src');
// The lint rule's list of noun folders (plain JavaScript, read as the lint config reads it).
const boundaries = new URL('../../../../tooling/eslint/boundaries.js', import.meta.url).href;
const { NOUN_FOLDERS } = (await import(boundaries)) as { NOUN_FOLDERS: string[] };

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
const nounFiles = NOUN_FOLDERS.flatMap((noun) => files(path.join(src, noun))).filter((f) =>
  f.endsWith('.ts'),
);

/** Where a handler is defined in a noun folder, and the comment lines above it. */
function definition(name: string): { file: string; heading: string[] } | undefined {
  const defined = new RegExp(`^export (?:async function|const) ${name}\\b`);
  for (const file of nounFiles) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const at = lines.findIndex((line) => defined.test(line));
    if (at === -1) continue;
    const heading: string[] = [];
    const line = (n: number) => lines[n] ?? '';
    let i = at - 1;
    // Past its doc comment (/** ... */), to the line comments above.
    if (line(i).trimEnd().endsWith('*/')) while (i > 0 && !line(i).includes('/**')) i--;
    if (line(i).includes('/**')) i--;
    while (i >= 0 && line(i).startsWith('//')) heading.unshift(line(i--));
    return { file: path.relative(src, file), heading };
  }
  return undefined;
}

const handlersOf = (
  map: Record<string, (...args: never[]) => unknown>,
  paths: Record<string, { path: string }>,
) =>
  Object.entries(map).flatMap(([endpoint, handler]) => {
    const found = definition(handler.name);
    return found ? [{ endpoint, route: `// POST ${paths[endpoint]?.path}`, ...found }] : [];
  });

describe('each handler of a noun folder is headed by its route comment', () => {
  const member = handlersOf(allHandlers, endpoints);
  const console_ = handlersOf(adminHandlers, adminEndpoints);

  test('the noun folders hold member and console handlers', () => {
    expect(member.length).toBeGreaterThan(10);
    expect(console_.length).toBeGreaterThan(5);
  });

  test.each([...member, ...console_].map((h) => [h.endpoint, h] as const))('%s', (_endpoint, h) => {
    expect(h.heading, `${h.file}`).toContain(h.route);
  });
});
