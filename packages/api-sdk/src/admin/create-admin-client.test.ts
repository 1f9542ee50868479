import { describe, expect, test } from 'vitest';
import { ApiError } from '../client/errors.ts';
import { memoryStorage } from '../client/session.ts';
import { createAdminClient, OPERATOR_TOKEN_KEY } from './create-admin-client.ts';

const envelope = (code: number, data: unknown, status = code === 200 ? 'OK' : 'Unauthorized') =>
  JSON.stringify({ code, msg: 'm', status, data });

function client(answer: (request: Request) => Response) {
  const storage = memoryStorage();
  const seen: Request[] = [];
  let signedOut = 0;
  const api = createAdminClient({
    apiBase: 'https://console.example',
    hostname: 'console.example',
    getLanguage: () => 'en',
    storage,
    onSignedOut: () => void signedOut++,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      seen.push(request.clone());
      return answer(request);
    },
  });
  return { api, storage, seen, signedOut: () => signedOut };
}

describe('the console client', () => {
  test('keeps the operator token of sign-in in session storage and sends it back', async () => {
    const c = client((request) =>
      request.url.endsWith('/login')
        ? new Response(envelope(200, { operator: {} }), { headers: { pragma: 'op-token-123' } })
        : new Response(envelope(200, { operator: {} })),
    );
    await c.api.adminLogin({ username: 'ann', password: 'pw' });
    expect(c.storage.getItem(OPERATOR_TOKEN_KEY)).toBe('op-token-123');
    await c.api.adminMe({});
    expect(c.seen[1]?.url).toBe('https://console.example/v4/api/admin/me');
    expect(c.seen[1]?.headers.get('authorization')).toBe('op-token-123');
    expect(c.seen[1]?.headers.get('language')).toBe('en');
  });

  test('an Unauthorized answer forgets the session and rejects with the ApiError', async () => {
    const c = client(() => new Response(envelope(401, null), { status: 401 }));
    c.storage.setItem(OPERATOR_TOKEN_KEY, 'old');
    await expect(c.api.adminMe({})).rejects.toBeInstanceOf(ApiError);
    expect(c.storage.getItem(OPERATOR_TOKEN_KEY)).toBeNull();
    expect(c.signedOut()).toBe(1);
  });
});
