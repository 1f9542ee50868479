import { ErrorCode } from '@nimbus/api-sdk/contract';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { failure, requestLanguage, success } from './envelope.ts';

/** How long the database has to answer before the server is reported not ready. */
export const READY_TIMEOUT_MS = 3_000;

/**
 * Why this server should not take traffic, or undefined when it may: the database answers a
 * query within READY_TIMEOUT_MS and has applied every migration this server knows. The reason
 * is for operators and probes, in English.
 */
export async function notReadyReason(
  database: DatabaseHandle,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`the database did not answer within ${timeoutMs} ms`),
      timeoutMs,
    );
  });
  const check = async (): Promise<string | undefined> => {
    try {
      await sql`select 1`.execute(database.db);
    } catch (error) {
      return `the database does not answer: ${error instanceof Error ? error.message : String(error)}`;
    }
    const pending = await database
      .pendingMigrations()
      .catch((error: unknown) => [
        `(unknown: ${error instanceof Error ? error.message : String(error)})`,
      ]);
    if (pending.length > 0)
      return `migrations not applied: ${pending.join(', ')} (the start applies them; or run the ops CLI's migrate)`;
    return undefined;
  };
  try {
    return await Promise.race([check(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET (and POST) `<prefix>/ready`: readiness for the container health check, the load balancer
 * and the proxies. 200 `{ status: 'ready' }` in the envelope, or 503 with
 * `{ status: 'not-ready', reason }`. Never cached. `<prefix>/health` stays liveness.
 */
export function registerReadiness(
  app: FastifyInstance,
  database: DatabaseHandle,
  prefixes: readonly string[],
): void {
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const language = requestLanguage(request);
    const reason = await notReadyReason(database);
    if (reason === undefined) return success(language, { status: 'ready' });
    request.log.warn({ reason }, 'not ready');
    return reply.status(503).send({
      ...failure(language, ErrorCode.SERVICE_UNAVAILABLE),
      data: { status: 'not-ready', reason },
    });
  };
  for (const prefix of prefixes) {
    app.get(`${prefix}/ready`, ready);
    app.post(`${prefix}/ready`, ready);
  }
}
