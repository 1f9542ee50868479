import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buy, buyer, pressOnCheckout } from '../support/payments.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

// docs/architecture.md, "A sandbox purchase, from route to credited membership", names the
// server files a purchase crosses from the route handlers to the writes of its order, its
// payment event and the member's membership (issue #34: at most twelve). This buys through the
// sandbox, records the call stack of every statement (V8 keeps the awaiting callers in it) and
// checks the list against the stacks of those writes.

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const docs = fileURLToPath(new URL('../../../../docs/architecture.md', import.meta.url));
/** Shared infrastructure, not counted in the trail. */
const INFRASTRUCTURE = ['db/', 'http/'];
/** Files that run between statements (the provider's own code), so no stack shows them. */
const PROVIDER = 'orders/providers/sandbox/';
/** The purchase's own writes: its order row, its payment event, the member's membership. */
const PURCHASE_WRITES = [
  /^insert into "orders"/,
  /^update "orders"/,
  /^(insert into|update) "payment_events"/,
  /^update "users" set "standard_expires_at"/,
];

function documentedTrail(): string[] {
  const text = readFileSync(docs, 'utf8');
  const section = text.slice(text.indexOf('### A sandbox purchase, from route to credited'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return [...block.matchAll(/\b([a-z-]+\/[a-z/-]+\.ts)\b/g)].map((m) => m[1] ?? '');
}

/** The server files on the current call stack, innermost first, infrastructure left out. */
function stackFiles(): string[] {
  const frames = (new Error().stack ?? '').split('\n').slice(1);
  const files = frames
    .map((line) => /(?:file:\/\/)?(\/[^():\s]+\.ts):\d+:\d+\)?$/.exec(line)?.[1] ?? '')
    .filter((file) => file.startsWith(src))
    .map((file) => path.relative(src, file))
    .filter((file) => !INFRASTRUCTURE.some((folder) => file.startsWith(folder)));
  return [...new Set(files)];
}

describe('the documented purchase trail', () => {
  let t: TestApp;
  const statements: { sql: string; files: string[] }[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    const { client } = await buyer(t);
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 200;
    t.database.onQuery(({ sql }) => statements.push({ sql, files: stackFiles() }));
    try {
      const order = await buy(client);
      expect((await pressOnCheckout(t, order.checkoutUrl, 'pay')).statusCode).toBe(303);
    } finally {
      Error.stackTraceLimit = limit;
    }
  });
  afterAll(() => t.close());

  test('names at most twelve server files', () => {
    const trail = documentedTrail();
    expect(trail.length).toBeGreaterThan(0);
    expect(new Set(trail).size).toBe(trail.length);
    expect(trail.length).toBeLessThanOrEqual(12);
  });

  test('is the files on the stacks of the purchase’s writes', () => {
    const writes = statements.filter(({ sql }) => PURCHASE_WRITES.some((w) => w.test(sql)));
    // Each kind of write happened: the order, its payment event, the membership.
    for (const write of PURCHASE_WRITES)
      expect(
        writes.some(({ sql }) => write.test(sql)),
        String(write),
      ).toBe(true);
    const onStacks = new Set(writes.flatMap(({ files }) => files));
    const documented = documentedTrail().filter((file) => !file.startsWith(PROVIDER));
    expect([...onStacks].sort()).toEqual([...documented].sort());
  });

  test('every documented file exists', () => {
    for (const file of documentedTrail())
      expect(() => readFileSync(path.join(src, file))).not.toThrow();
  });
});
