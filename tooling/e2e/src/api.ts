import './http-agent.ts';
import { randomBytes } from 'node:crypto';
import { waitForCode } from './outbox.ts';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  status: string;
  data: T;
}

export interface CallResult<T> {
  envelope: Envelope<T>;
  /** A session token delivered in the `pragma` header (login, register, trial). */
  token: string | null;
}

/**
 * One unsigned API call the way the browser client makes it (POST JSON under /v4, platform and
 * language headers, optional session). Throws on any code but 200, with the server's message.
 */
export async function apiCall<T = unknown>(
  baseUrl: string,
  path: string,
  body: object = {},
  {
    token,
    language = 'en',
    from,
  }: {
    token?: string;
    language?: 'en' | 'zh_CN';
    /** The client's address (X-Forwarded-For; the kit's servers trust one proxy hop). */
    from?: string;
  } = {},
): Promise<CallResult<T>> {
  const response = await fetch(`${baseUrl}/v4${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      platform: 'windows',
      language,
      ...(token ? { authorization: token } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.code !== 200)
    throw new Error(`${path} answered ${envelope.code} ${envelope.status}: ${envelope.msg}`);
  return { envelope, token: response.headers.get('pragma') };
}

let clientSerial = Math.floor(Math.random() * 50_000);

/** A fresh address in 198.18.0.0/15 (the range set aside for benchmarking) per call. */
function nextClientAddress(): string {
  clientSerial = (clientSerial + 1) % 131_072;
  return `198.${18 + (clientSerial >> 16)}.${(clientSerial >> 8) & 255}.${clientSerial & 255}`;
}

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  /** A login session token (persistent, as after logging in). */
  token: string;
}

/** A unique address on a reserved test domain. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/**
 * Registers a user by e-mail through the real API, with the code read from the dev outbox, then
 * logs in so the token is a normal login session.
 */
export async function registerUser(
  baseUrl: string,
  {
    email = uniqueEmail(),
    password = 'correct-horse-42',
    inviteCode,
  }: { email?: string; password?: string; inviteCode?: string } = {},
): Promise<TestUser> {
  const since = Date.now() - 1000;
  // Each test user signs up from an address of their own, as people do: a suite sharing one
  // server registers more users than the per-address limits allow one address in an hour.
  const from = nextClientAddress();
  await apiCall(
    baseUrl,
    '/api/user/user_send_code',
    { channel: 'email', target: email, purpose: 'register' },
    { from },
  );
  const code = await waitForCode(baseUrl, { to: email, purpose: 'register', since });
  const registered = await apiCall<{ userId: string }>(
    baseUrl,
    '/api/user/user_register',
    {
      channel: 'email',
      account: email,
      password,
      code,
      agreeTerms: true,
      ...(inviteCode ? { inviteCode } : {}),
    },
    { from },
  );
  const login = await apiCall<{ userId: string }>(baseUrl, '/api/user/user_login', {
    channel: 'email',
    account: email,
    password,
    agreeTerms: true,
  });
  if (!login.token) throw new Error('user_login delivered no token');
  return { email, password, userId: registered.envelope.data.userId, token: login.token };
}
