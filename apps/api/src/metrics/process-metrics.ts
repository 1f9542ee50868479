import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/** The node feed's calls (UniProxy), by the last segment of their route. */
const FEED_ROUTE = /^\/api\/v1\/server\/UniProxy\/(\w+)$/;

/** Seconds: from a cached answer (1 ms) to a slow signed call or a list at scale (5 s+). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * What this process counts itself (summed over processes by Prometheus, or by the cluster's
 * primary for WORKERS > 1): HTTP requests and their latency by route and status, the node
 * feed's pulls and pushes, and Node's process metrics (CPU, memory, event loop lag, GC).
 */
export function processMetrics(app: FastifyInstance): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const feed = new Counter({
    name: 'nimbus_node_feed_requests_total',
    help: 'Node feed calls from VPN nodes (config/user pulls; push/alive reports), by status code',
    labelNames: ['call', 'status'] as const,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its path: /sub/<token> must not become a label per token.
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    requests.inc({ method: request.method, route, status });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    const call = FEED_ROUTE.exec(route)?.[1];
    if (call !== undefined) feed.inc({ call, status });
  });
  return registry;
}
