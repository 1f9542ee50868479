import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, buyer, pressOnCheckout } from '../support/payments.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * GET /metrics (docs/production.md, "Metrics"): Prometheus text behind METRICS_TOKEN, scraped
 * over HTTP from a listening server; the figures move after real calls, and the global ones
 * (orders, sessions, mail, nodes) are read from the database.
 */
const TOKEN = 'metrics-token-0123456789abcdef';

type Samples = Map<string, number>;

/** A Prometheus text exposition as `name{a="x",b="y"}` (labels sorted) to value. */
function parseMetrics(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, labels = '', value = ''] = match ?? [];
    const pairs = [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(
      ([, k, v]) => `${k}="${v}"`,
    );
    samples.set(`${name}{${pairs.sort().join(',')}}`, Number(value));
  }
  return samples;
}

let t: TestApp;
let origin: string;

async function scrape(): Promise<Samples> {
  const res = await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
}

const value = (samples: Samples, key: string) => samples.get(key) ?? 0;

beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe('GET /metrics', () => {
  it('is refused without its bearer token', async () => {
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const res = await fetch(`${origin}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });

  it('counts requests, payments, sessions and node feed calls after real calls', async () => {
    const before = await scrape();
    // Process metrics and the shapes an operator's dashboard reads.
    expect(before.has('process_cpu_user_seconds_total{}')).toBe(true);
    expect(before.has('nodejs_eventloop_lag_p99_seconds{}')).toBe(true);
    expect(before.has('nimbus_mail_queue{status="due"}')).toBe(true);
    expect(before.has('nimbus_nodes{state="online"}')).toBe(true);

    for (let i = 0; i < 3; i++) expect((await fetch(`${origin}/v4/health`)).status).toBe(200);
    const { client } = await buyer(t);
    const order = await buy(client);
    expect((await pressOnCheckout(t, order.checkoutUrl, 'pay')).statusCode).toBe(303);
    const failed = await buy(client);
    expect((await pressOnCheckout(t, failed.checkoutUrl, 'fail')).statusCode).toBe(303);
    const feed = await fetch(`${origin}/api/v1/server/UniProxy/config?node_id=1&token=nope`);

    const after = await scrape();
    const moved = (key: string) => value(after, key) - value(before, key);
    expect(moved('http_requests_total{method="GET",route="/v4/health",status="200"}')).toBe(3);
    expect(moved('http_request_duration_seconds_count{method="GET",route="/v4/health"}')).toBe(3);
    expect(
      moved('http_requests_total{method="POST",route="/v4/api/user/user_register",status="200"}'),
    ).toBe(1);
    expect(moved('nimbus_orders{provider="sandbox",status="paid"}')).toBe(1);
    expect(moved('nimbus_orders{provider="sandbox",status="failed"}')).toBe(1);
    expect(moved('nimbus_sessions_live{}')).toBe(1);
    expect(moved('nimbus_members_active{}')).toBe(1);
    expect(moved(`nimbus_node_feed_requests_total{call="config",status="${feed.status}"}`)).toBe(1);
    // The scrape before this one is counted by route pattern, never by path or token.
    expect(
      value(after, 'http_requests_total{method="GET",route="/metrics",status="200"}'),
    ).toBeGreaterThan(0);
    expect([...after.keys()].some((k) => k.includes('nope'))).toBe(false);
  });
});

describe('the machinery: database, decrypts, scheduled jobs', () => {
  it('times queries, counts slow ones, shows the pool and the signed calls opened', async () => {
    const before = await scrape();
    expect(before.has('nimbus_db_pool_waiting{}')).toBe(true);
    expect(value(before, 'nimbus_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    const { client } = await buyer(t);
    await buy(client);
    for (let i = 0; i < 3; i++)
      expect((await client.signedCall('systemUserInfo', {})).body.code).toBe(200);
    // A forged signature does not open: counted as refused.
    await client.call('systemUserInfo', { signature: Buffer.alloc(256, 7).toString('base64') });
    // A genuinely slow statement on either database (counting to five million).
    await sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 5000000)
      select count(*) as n from c`.execute(t.app.services.db);
    const after = await scrape();
    const moved = (key: string) => value(after, key) - value(before, key);
    expect(moved('nimbus_db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(5);
    expect(moved('nimbus_db_slow_queries_total{}')).toBeGreaterThanOrEqual(1);
    // Each signed call's RSA block was opened; the forged one was refused.
    expect(moved('nimbus_signed_call_decrypts_total{outcome="ok"}')).toBe(3);
    expect(moved('nimbus_signed_call_decrypts_total{outcome="refused"}')).toBe(1);
    expect(after.has('nimbus_decrypt_pool_queue{}')).toBe(true);
  });

  it('counts the runs of the scheduled jobs and what they did', async () => {
    const timed = await startTestApp({ env: { METRICS_TOKEN: TOKEN }, jobIntervalMs: 50 });
    try {
      const read = async () => {
        const res = await timed.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        return parseMetrics(res.body);
      };
      await expect
        .poll(async () => value(await read(), 'nimbus_job_runs_total{outcome="ok"}'))
        .toBeGreaterThanOrEqual(2);
      const samples = await read();
      expect(value(samples, 'nimbus_job_runs_total{outcome="failed"}')).toBe(0);
      expect(samples.has('nimbus_job_items_total{kind="mail_sent"}')).toBe(true);
      expect(samples.has('nimbus_job_items_total{kind="webhooks_delivered"}')).toBe(true);
      expect(value(samples, 'nimbus_job_run_duration_seconds_count{}')).toBeGreaterThanOrEqual(2);
    } finally {
      await timed.close();
    }
  });
});

describe('the Grafana dashboard (deploy/grafana)', () => {
  it('reads only metrics the server exports', async () => {
    const file = path.resolve(
      import.meta.dirname,
      '../../../../deploy/grafana/nimbus-dashboard.json',
    );
    const dashboard = JSON.parse(readFileSync(file, 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr));
    const names = new Set(
      exprs.flatMap((e) => e.match(/\b(?:nimbus|http|process|nodejs)_\w+/g) ?? []),
    );
    const exported = new Set([...(await scrape()).keys()].map((k) => k.slice(0, k.indexOf('{'))));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(exported, name).toContain(name);
  });
});

describe('GET /metrics in production', () => {
  it('is off without METRICS_TOKEN', async () => {
    const prod = await startTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await prod.close();
    }
  });
});
