import {
  apiCall,
  catalogueText,
  logInContext,
  newLanguageContext,
  openApp,
  test as kit,
  type A11yLanguage,
  type RunningServer,
  type TestUser,
} from '@nimbus/e2e-kit';
import type { BrowserContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export { expect } from '@nimbus/e2e-kit';

/** A text of a catalogue (`namespace:key`, `{{var}}` filled), to find controls in that language. */
export const textIn =
  (language: string) =>
  (key: string, vars: Record<string, string | number> = {}): string =>
    catalogueText(
      language,
      key,
      Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, String(value)])),
    );

/** A text of the English catalogues, which the console's specs read in. */
export const text = textIn('en');

/** The test is the operator's authenticator app: the code of a secret now. */
export function totpCode(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}

/** The key the console keeps the operator session under (this tab's session storage). */
export const OPERATOR_TOKEN_KEY = 'nimbus.operator.token';

export type Role = 'support' | 'finance' | 'admin';

export interface Operator {
  username: string;
  password: string;
}

/** An operator created by `pnpm ops operators create`, with the first password. */
export function createOperator(server: RunningServer, username: string, role: Role): Operator {
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

export interface ConsolePageOptions {
  /** Opened (and waited for) at once; nothing is opened without it. */
  path?: string;
  /** A context reading the console in this language (`newLanguageContext`); else en-US. */
  language?: A11yLanguage;
  viewport?: { width: number; height: number };
}

export interface ConsoleFixtures {
  /** A browser context of the server's (en-US, or the language's), closed when the test ends. */
  newContext: (options?: Omit<ConsolePageOptions, 'path'>) => Promise<BrowserContext>;
  /** A new operator (`pnpm ops operators create`), enrolled with TOTP: its session's token. */
  operatorToken: (username: string, role: Role) => Promise<string>;
  /** A page in a context of its own, signed in to the console with the token. */
  consolePage: (token: string, options?: ConsolePageOptions) => Promise<Page>;
  /** A new operator's console page (en-US), open at `path` (the overview unless named). */
  operatorPage: (username: string, role: Role, path?: string) => Promise<Page>;
  /** A page in a context of its own (en-US) with the member logged in; nothing opened yet. */
  accountPage: (member: TestUser) => Promise<Page>;
}

/** The kit's `test` with the console's fixtures (`provide` is Playwright's `use`). */
export const test = kit.extend<ConsoleFixtures>({
  newContext: async ({ browser, server }, provide) => {
    const contexts: BrowserContext[] = [];
    await provide(async ({ language, viewport } = {}) => {
      const context = language
        ? await newLanguageContext(browser, server.url, { language, ...(viewport && { viewport }) })
        : await browser.newContext({ baseURL: server.url, locale: 'en-US' });
      contexts.push(context);
      return context;
    });
    for (const context of contexts) await context.close();
  },
  operatorToken: async ({ server }, provide) =>
    provide((username, role) => enrolledToken(server, createOperator(server, username, role))),
  consolePage: async ({ newContext }, provide) =>
    provide(async (token, { path, ...options } = {}) => {
      const context = await newContext(options);
      await withOperatorSession(context, token);
      const page = await context.newPage();
      if (path) await openApp(page, path);
      return page;
    }),
  operatorPage: async ({ operatorToken, consolePage }, provide) =>
    provide(async (username, role, path = '/admin') =>
      consolePage(await operatorToken(username, role), { path }),
    ),
  accountPage: async ({ server, newContext }, provide) =>
    provide(async (member) => {
      const context = await newContext();
      await logInContext(context, server.url, member.token);
      return context.newPage();
    }),
});
