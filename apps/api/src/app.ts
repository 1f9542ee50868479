import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { ErrorCode, EXPOSED_RESPONSE_HEADERS, RequestHeader } from '@nimbus/api-sdk/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { DatabaseHandle } from './db/database.ts';
import type { Config } from './config/env.ts';
import { adminHandlers } from './admin/admin-handlers.ts';
import { registerAdminRoutes } from './admin/admin-routes.ts';
import { allHandlers } from './handlers.ts';
import { failure, requestLanguage, success } from './http/envelope.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  installErrorHandling,
  sendNotFound,
} from './http/error-handler.ts';
import { API_PREFIXES, registerContractRoutes } from './http/routes.ts';
import { containsNul, validatorFor } from './http/validator.ts';
import type { PlatformKeys } from './keys/platform-keys.ts';
import type { ServerSecret } from './keys/server-secret.ts';
import type { Limits } from './security/limits.ts';
import { createServices, pruneExpired, type Services } from './services.ts';
import { registerThirdParty } from './third-party/index.ts';
import { registerTelegram } from './telegram/bot/index.ts';
import { registerPaymentRoutes } from './orders/index.ts';
import { registerUnsubscribeRoute } from './accounts/calls/index.ts';
import { registerWebApps } from './web/web-apps.ts';
import { ticketConsoleHandlers } from './tickets/index.ts';
import { webhookConsoleHandlers } from './webhooks/index.ts';
import { apiTokenConsoleHandlers, registerOpenApi } from './api-tokens/index.ts';
import { startScheduledJobs } from './jobs/scheduled-jobs.ts';
import { serverLogOptions, serverLogStream } from './http/server-log.ts';
import { securityHeaderOptions, securityHeaders } from './http/security-headers.ts';
import { registerReadiness } from './http/readiness.ts';
import { registerMetrics } from './metrics/index.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  keys: PlatformKeys;
  secret: ServerSecret;
  limits?: Partial<Limits>;
  /** The clock (UTC ms); tests move it to expire codes and sessions. */
  now?: () => number;
  /** How often expired rows are pruned; 0 turns the job off. */
  pruneIntervalMs?: number;
  /**
   * How often the scheduled jobs run (group expiry, refunds); JOBS_INTERVAL_SECONDS by default, 0
   * turns them off.
   */
  jobIntervalMs?: number;
  /** How long settings read are trusted before the version is checked again (2 s by default). */
  settingsCacheMs?: number;
  /** Where log lines go instead of stdout (tests read what an operator would). */
  logStream?: { write(line: string): void };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

const isApiPath = (url: string) =>
  API_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`));

/**
 * The server: the API under /v4 and /v4/test built from the contract, security headers, CORS
 * for configured origins, compression, JSON-only bodies with a size limit, envelope errors, and
 * the three web apps by path. The caller owns the database: closing the app closes it.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const clock = options.now ?? Date.now;
  const stream = options.logStream ?? (await serverLogStream(config));
  const app = Fastify({
    logger: {
      ...serverLogOptions(config),
      ...(stream ? { stream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    // A number is how many proxies in front of us to trust (their X-Forwarded-For entries).
    trustProxy:
      typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    genReqId: () => randomUUID(),
    // Keep-alive connections that are idle are closed on shutdown; busy ones finish first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Requests the HTTP parser or the router refuses get the envelope as well (test/fuzz).
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  });
  const services = createServices({ ...options, log: app.log });
  if (config.mode === 'production' && config.payments.sandbox)
    app.log.warn(
      'PAYMENT_SANDBOX is on in production (PAYMENT_SANDBOX_IN_PRODUCTION=true): anyone can take membership through the sandbox checkout without paying',
    );
  app.decorate('services', services);

  // GET /metrics and the request counts it reports (metrics/): registered first, to see every answer.
  const meters = registerMetrics(app, {
    config,
    database: options.database,
    decryptor: services.decryptor,
    clock,
  });

  const exposed = EXPOSED_RESPONSE_HEADERS.join(', ');
  // Helmet's headers (CSP, frame, referrer, nosniff...) on every answer, computed once.
  const security = securityHeaders(securityHeaderOptions(config));
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(security);
    reply.header('x-request-id', request.id);
    // The token (pragma) and device id headers must be readable by scripts; CORS below adds the
    // origin for configured cross-origin apps.
    if (isApiPath(request.url)) {
      reply.header('access-control-expose-headers', exposed);
      // API answers carry session tokens (pragma) and personal data: no cache may keep them.
      reply.header('cache-control', 'no-store');
    }
  });
  // During shutdown, answers to requests still in flight close their connection, so that a
  // keep-alive client does not hold the process open until its idle timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });

  // JSON is the only body the API takes: without the text/plain parser anything else is 415.
  app.removeContentTypeParser('text/plain');
  // TypeBox validates exactly as the contract says (no coercion of "1" into 1).
  app.setValidatorCompiler(({ schema }) => {
    const validator = validatorFor(schema as TSchema);
    return (data: unknown) =>
      validator.Check(data) && !containsNul(data)
        ? { value: data }
        : { error: new Error('invalid') };
  });

  if (config.corsOrigins.length > 0) {
    const allowed = new Set(config.corsOrigins);
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', ...Object.values(RequestHeader).map((h) => h.toLowerCase())],
      exposedHeaders: [...EXPOSED_RESPONSE_HEADERS],
      maxAge: 600,
    });
  }

  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs far too much CPU per response; 4 is near gzip's speed.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  installErrorHandling(app);
  // The scoped API's OpenAPI document: registered first, it sees the console routes as added.
  await registerOpenApi(app);
  registerContractRoutes(app, services, allHandlers, clock);
  // The operator console's calls (/api/admin/...): operator sessions and roles, not members'.
  registerAdminRoutes(
    app,
    services,
    {
      ...adminHandlers,
      ...ticketConsoleHandlers,
      ...webhookConsoleHandlers,
      ...apiTokenConsoleHandlers,
    },
    clock,
  );
  // The subscription download (GET /sub/<token>): outside /v4, no envelope, clients read it raw.
  await registerThirdParty(app, services, clock);
  registerTelegram(app, services, clock);
  // Provider webhooks (raw body, signature checked) and the sandbox's hosted checkout page.
  await registerPaymentRoutes(app, services, clock);
  // The one-click unsubscribe address of notice e-mails (List-Unsubscribe-Post).
  await registerUnsubscribeRoute(app, services, clock);

  for (const prefix of API_PREFIXES) {
    // Liveness for load balancers and the benchmark's baseline: no database, no signing.
    const health = async (request: FastifyRequest) =>
      success(requestLanguage(request), { status: 'ok' });
    app.get(`${prefix}/health`, health);
    app.post(`${prefix}/health`, health);
  }
  // Readiness: the database answers and every migration is applied (http/readiness.ts).
  registerReadiness(app, options.database, API_PREFIXES);

  if (config.mode !== 'production') {
    // Verification codes: never kept by a cache.
    app.get('/dev/outbox', async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(services.outbox.list()),
    );
  } else {
    // Development tools do not exist in production: a plain 404, never the SPA page in their place.
    app.all('/dev/*', async (request, reply) => sendNotFound(request, reply, ErrorCode.NOT_FOUND));
  }

  const webApps = await registerWebApps(app, config);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url;
    if (isApiPath(path)) {
      // A GET to an existing POST endpoint is a wrong method, not a missing path.
      const exists =
        request.method !== 'POST' &&
        app.hasRoute({ method: 'POST', url: path.split('?')[0] ?? path });
      return sendNotFound(
        request,
        reply,
        exists ? ErrorCode.METHOD_NOT_ALLOWED : ErrorCode.NOT_FOUND,
      );
    }
    if (request.method === 'GET' || request.method === 'HEAD') return webApps.serve(request, reply);
    return reply.status(404).send(failure(requestLanguage(request), ErrorCode.NOT_FOUND));
  });

  app.addHook('onClose', async () => {
    services.delivery.close();
    await services.decryptor.close();
    await options.database.close();
  });
  const pruneEvery = options.pruneIntervalMs ?? 60_000;
  if (pruneEvery > 0) {
    let pruning: Promise<unknown> | undefined;
    const timer = setInterval(() => {
      if (pruning) return;
      pruning = pruneExpired(services, clock())
        .catch((error: unknown) => app.log.warn({ err: error }, 'pruning expired rows failed'))
        .finally(() => {
          pruning = undefined;
        });
    }, pruneEvery);
    timer.unref();
    // Registered after the database's hook, so it runs before it: the timer stops and a prune
    // in progress finishes while the database is still open (a prune cut off by the close
    // failed with "driver has already been destroyed").
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await pruning;
    });
  }
  const jobsEvery = options.jobIntervalMs ?? config.jobs.intervalMs;
  if (jobsEvery > 0) {
    const jobs = startScheduledJobs(services, clock, jobsEvery, app.log, meters?.jobs);
    // onClose hooks run last-registered first: this one (a run in progress finishes) before the
    // database closes.
    app.addHook('onClose', () => jobs.stop());
  }
  return app;
}
