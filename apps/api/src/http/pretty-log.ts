/**
 * The log stream of development: one human-formatted line per entry (time, level, message, then
 * the entry's other fields); a request is `incoming request GET /v4/...` and
 * `request completed 200 12 ms`. Written synchronously, so the last lines before an exit are not
 * lost. Loaded only when LOG_FORMAT is pretty; production writes pino's JSON lines.
 */
export async function prettyLogStream(): Promise<{ write(line: string): void }> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    sync: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat(log, messageKey) {
      const message = String(log[messageKey] ?? '');
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req?.method) return `${message} ${req.method} ${req.url ?? ''}`;
      if (res?.statusCode !== undefined) {
        const ms =
          typeof log.responseTime === 'number' ? ` ${Math.round(log.responseTime)} ms` : '';
        return `${message} ${res.statusCode}${ms}`;
      }
      return message;
    },
  });
}
