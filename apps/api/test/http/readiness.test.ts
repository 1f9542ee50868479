import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.ts';

/**
 * GET /v4/ready (and /v4/test/ready): the readiness probe of the container health check and the
 * proxies. Ready when the database answers and every migration is applied; 503 with the reason
 * otherwise. /v4/health stays liveness.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close().catch(() => undefined);
  t = undefined;
});

describe('readiness', () => {
  it('is ready on a migrated database, under both prefixes, never cached', async () => {
    t = await startTestApp();
    for (const url of ['/v4/ready', '/v4/test/ready']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toMatchObject({ code: 200, status: 'OK', data: { status: 'ready' } });
    }
    expect((await t.app.inject({ method: 'POST', url: '/v4/ready' })).statusCode).toBe(200);
  });

  it('is not ready while a migration this server knows is not applied', async () => {
    t = await startTestApp();
    const db = t.app.services.db;
    // As when a newer release starts against a database an older one migrated.
    const rows = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc`
      .execute(db)
      .then((r) => r.rows);
    const { name: last, timestamp } = rows[0] as { name: string; timestamp: string };
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/v4/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 503,
        status: 'ServiceUnavailable',
        data: { status: 'not-ready' },
      });
      expect(res.json().data.reason).toContain(`migrations not applied: ${last}`);
      // Liveness is unaffected.
      expect((await t.app.inject({ method: 'GET', url: '/v4/health' })).statusCode).toBe(200);
    } finally {
      // PostgreSQL: the next test of this file migrates the same schema again.
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${timestamp})`.execute(
        db,
      );
    }
  });

  it('is not ready when the database does not answer', async () => {
    t = await startTestApp();
    await t.app.services.db.destroy();
    const res = await t.app.inject({ method: 'GET', url: '/v4/test/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data).toMatchObject({ status: 'not-ready' });
    expect(res.json().data.reason).toMatch(/^the database does not answer: /);
  });
});
