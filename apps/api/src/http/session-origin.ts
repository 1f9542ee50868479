import { platformFromHeader } from '@nimbus/domain';
import type { SessionOrigin } from '../security/sessions.ts';
import type { CallContext } from './handler.ts';

/** Where the calling request comes from, for a session it creates. */
export function sessionOriginOf(
  ctx: Pick<CallContext, 'request' | 'deviceId' | 'ip'>,
): SessionOrigin {
  const header = (name: string) => {
    const value = ctx.request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() || null;
  };
  return {
    deviceId: ctx.deviceId,
    platform: platformFromHeader(header('platform') ?? undefined)?.toLowerCase() ?? null,
    userAgent: header('user-agent'),
    ip: ctx.ip,
  };
}
