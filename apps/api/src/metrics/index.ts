/** The metrics noun: GET /metrics (docs/production.md, "Metrics"). */
export { serveClusterMetrics } from './cluster-metrics.ts';
export { metricsEnabled, registerMetrics } from './metrics-route.ts';
export { SLOW_QUERY_MS } from './service-metrics.ts';
