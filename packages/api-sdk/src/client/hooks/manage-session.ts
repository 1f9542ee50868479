import type { AfterResponseHook } from 'ky';
import { SUCCESS_CODE, isEnvelope } from '../../contract/envelope.ts';
import { RequestHeader, ResponseHeader } from '../../contract/headers.ts';
import { UNAUTHORIZED_STATUS } from '../../contract/well-known-codes.ts';
import { callContextOf } from '../context.ts';
import type { TokenStore } from '../session.ts';

/**
 * Keeps the session in step with the server's answers:
 * - a token in `pragma` from a call that delivers one (login, register, trial) is stored;
 * - the first successful user-info call made with a register token (kept in this tab's session
 *   storage, as the spec says) moves it to persistent storage: the session is confirmed, and a
 *   new member opening a second tab is logged in there too (docs/architecture.md);
 * - a successful logout or account deletion forgets the session;
 * - an Unauthorized answer forgets the token the call was made with (and only that one, so a
 *   late answer does not log out a session started meanwhile in another tab).
 */
export function manageSession(tokens: TokenStore): AfterResponseHook {
  return async (request, options, response) => {
    const call = callContextOf(options);
    if (!call) return;
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return;
    }
    if (!isEnvelope(body)) return;
    const sent = request.headers.get(RequestHeader.authorization);
    if (body.status === UNAUTHORIZED_STATUS) {
      if (sent !== null && sent === tokens.get()) tokens.clear('unauthorized');
      return;
    }
    if (body.code !== SUCCESS_CODE) return;
    if (call.name === 'systemUserInfo' && sent !== null) {
      tokens.persist(sent);
      return;
    }
    if (call.spec.clearsToken) {
      tokens.clear('logout');
      return;
    }
    const token = response.headers.get(ResponseHeader.token)?.trim();
    if (call.spec.token !== 'none' && token) tokens.set(token, call.spec.token);
  };
}
