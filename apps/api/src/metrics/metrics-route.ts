import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import type { Db } from '../db/database.ts';
import { clusterProcessMetrics } from './cluster-metrics.ts';
import { databaseMetrics } from './database-metrics.ts';
import { processMetrics } from './process-metrics.ts';

/**
 * Whether GET /metrics exists: always outside production (open without METRICS_TOKEN), and in
 * production only with METRICS_TOKEN set (docs/production.md, "Metrics").
 */
export const metricsEnabled = (config: Config): boolean =>
  config.mode !== 'production' || config.metricsToken !== undefined;

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsInput {
  config: Config;
  db: Db;
  clock: () => number;
}

/**
 * GET /metrics, Prometheus text: this process's (or, with WORKERS > 1, every worker's) requests,
 * latency, node feed calls and process figures, then the global figures read from the database.
 * With METRICS_TOKEN it answers only `Authorization: Bearer <token>`, else 401.
 */
export function registerMetrics(app: FastifyInstance, { config, db, clock }: MetricsInput): void {
  if (!metricsEnabled(config)) return;
  const local = processMetrics(app);
  const global = databaseMetrics(db, clock);
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
}
