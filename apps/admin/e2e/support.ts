import { apiCall, type RunningServer } from '@nimbus/e2e-kit';
import type { BrowserContext } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The test is the operator's authenticator app: the code of a secret now. */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/** The key the console keeps the operator session under (this tab's session storage). */
export const OPERATOR_TOKEN_KEY = 'nimbus.operator.token';

export interface Operator {
  username: string;
  password: string;
}

/** An operator created by `pnpm ops operators create`, with the first password. */
export function createOperator(
  server: RunningServer,
  username: string,
  role: 'support' | 'finance' | 'admin',
): Operator {
  const created = server.ops(['operators', 'create', username, `--role=${role}`, '--json']) as {
    password: string;
  };
  return { username, password: created.password };
}

/** Signs an operator in and through enrolment over the API; returns the full session's token. */
export async function enrolledToken(server: RunningServer, operator: Operator): Promise<string> {
  const login = await apiCall(server.url, '/api/admin/login', operator);
  const token = login.token ?? '';
  const { envelope } = await apiCall<{ secret: string }>(
    server.url,
    '/api/admin/enrol_start',
    {},
    { token },
  );
  await apiCall(
    server.url,
    '/api/admin/enrol_confirm',
    { code: totpCode(envelope.data.secret) },
    { token },
  );
  return token;
}

/** Pages of this context start signed in to the console with the token. */
export async function withOperatorSession(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript(([key, value]) => globalThis.sessionStorage.setItem(key, value), [
    OPERATOR_TOKEN_KEY,
    token,
  ] as const);
}
