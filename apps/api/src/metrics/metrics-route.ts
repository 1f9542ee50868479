import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { DatabaseHandle } from '../db/database.ts';
import type { RsaDecryptor } from '../security/rsa-decryptor.ts';
import { clusterProcessMetrics } from './cluster-metrics.ts';
import { databaseMetrics } from './database-metrics.ts';
import { processMetrics } from './process-metrics.ts';
import type { JobMeter } from '../jobs/scheduled-jobs.ts';
import { serviceMetrics } from './service-metrics.ts';

/**
 * Whether GET /metrics exists: always outside production (open without METRICS_TOKEN), and in
 * production only with METRICS_TOKEN set (docs/production.md, "Metrics").
 */
export const metricsEnabled = (config: Config): boolean =>
  config.mode !== 'production' || config.metricsToken !== undefined;

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsInput {
  config: Config;
  database: DatabaseHandle;
  decryptor: RsaDecryptor;
  clock: () => number;
}

/**
 * GET /metrics, Prometheus text: this process's (or, with WORKERS > 1, every worker's) requests,
 * latency, node feed calls, database queries and pool, decrypts, scheduled jobs and process
 * figures, then the global figures read from the database. With METRICS_TOKEN it answers only
 * `Authorization: Bearer <token>`, else 401. Returns what the scheduled jobs report to, or
 * undefined when /metrics is off.
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, database, decryptor, clock }: MetricsInput,
): { jobs: JobMeter } | undefined {
  if (!metricsEnabled(config)) return undefined;
  const local = processMetrics(app);
  const meters = serviceMetrics({ registry: local, database, decryptor, log: app.log });
  const global = databaseMetrics(database.db, clock);
  const wholeServer = clusterProcessMetrics(local) ?? (() => local.metrics());
  const expected = config.metricsToken === undefined ? undefined : digest(config.metricsToken);
  const authorised = (header: string | undefined) => {
    if (expected === undefined) return true;
    const token = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
    return token !== undefined && timingSafeEqual(digest(token), expected);
  };
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!authorised(request.headers.authorization))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('metrics: send Authorization: Bearer <METRICS_TOKEN>\n');
    try {
      const texts = await Promise.all([wholeServer(), global.metrics()]);
      return reply.type(local.contentType).send(texts.join('\n'));
    } catch (error) {
      request.log.warn({ err: error }, 'metrics could not be read');
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send(`metrics: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  });
  return meters;
}
