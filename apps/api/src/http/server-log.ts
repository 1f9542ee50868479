import { pino, type Logger } from 'pino';
import type { Config } from '../config/env.ts';
import { requestLogFields } from './log-redaction.ts';
import { prettyLogStream } from './pretty-log.ts';

/**
 * The server's logger (pino): its level, what it redacts and what a request line carries. The
 * HTTP server (Fastify) and the cluster's primary log through the same settings, so every line
 * of a process group has one format (JSON lines, or pino-pretty's with LOG_FORMAT=pretty).
 */
export function serverLogOptions(config: Pick<Config, 'logLevel'>) {
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // Query strings carry secrets (sign-in links, checkout keys): logged URLs leave them out.
    serializers: { req: requestLogFields },
  };
}

/** Where the lines go: pino-pretty's stream in development, stdout (undefined) otherwise. */
export async function serverLogStream(
  config: Pick<Config, 'logFormat'>,
): Promise<{ write(line: string): void } | undefined> {
  return config.logFormat === 'pretty' ? prettyLogStream() : undefined;
}

/** The logger of a process that runs no HTTP server (the cluster's primary), written synchronously. */
export async function processLogger(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  fields: Record<string, string>,
): Promise<Logger> {
  const stream = (await serverLogStream(config)) ?? pino.destination({ dest: 1, sync: true });
  return pino(serverLogOptions(config), stream).child(fields);
}
