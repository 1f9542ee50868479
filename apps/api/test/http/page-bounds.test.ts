import {
  adminSchemas,
  schemas,
  type AdminEndpointName,
  type EndpointName,
} from '@nimbus/api-sdk/contract';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { registerWithUsername } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { enrolledOperator, type SignedInOperator } from '../support/operator-client.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Numbers past any list's end or any id are refused by the contract with a 4xx and a localised
 * message: `{"page":1e308}` answered 500 on both dialects (an offset no database takes), and
 * `{"operatorId":"1e999"}` on PostgreSQL (Infinity as an id). Every list of the member API and
 * the console is swept.
 */

let t: TestApp;
let member: Client;
let operator: SignedInOperator;

beforeAll(async () => {
  t = await startTestApp();
  member = new Client(t.app);
  await registerWithUsername(member);
  operator = await enrolledOperator(t, 'admin');
});
afterAll(() => t.close());

const hasPage = (request: unknown) =>
  typeof request === 'object' &&
  request !== null &&
  'page' in ((request as { properties?: object }).properties ?? {});

const memberLists = (Object.keys(schemas) as EndpointName[]).filter((n) =>
  hasPage(schemas[n].request),
);
const consoleLists = (Object.keys(adminSchemas) as AdminEndpointName[]).filter((n) =>
  hasPage(adminSchemas[n].request),
);

describe('a page far past the end', () => {
  test('the lists are found', () => {
    expect(memberLists).toContain('paymentOrder');
    expect(memberLists.length).toBeGreaterThanOrEqual(4);
    expect(consoleLists.length).toBeGreaterThanOrEqual(10);
  });

  test.each(memberLists)('%s {"page":1e308} is a 400 with a localised message', async (name) => {
    member.language = 'zh_CN';
    const res = await member.call(name, { page: 1e308, pageSize: 10 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'BadRequest', data: null });
    expect(res.body.msg).toMatch(/\p{Script=Han}/u);
  });

  test.each(consoleLists)('console %s {"page":1e308} is a 4xx', async (name) => {
    const res = await operator.client.call(name, { page: 1e308, pageSize: 10 });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  test('the last page allowed still answers (empty)', async () => {
    const res = await member.call('paymentOrder', { page: 1_000_000, pageSize: 100 });
    expect(res.body).toMatchObject({ code: 200 });
  });
});

test('an operator id of 1e999 is a 400, not a query', async () => {
  const res = await operator.client.call('adminOperatorDisable', { operatorId: '1e999' });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ status: 'BadRequest' });
});
