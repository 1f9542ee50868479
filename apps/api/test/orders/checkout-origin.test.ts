import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PASSWORD, uniqueUsername } from '../support/accounts.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';
import { idempotencyKey } from '../support/payments.ts';

// Outside production the sandbox checkout follows the origin the buyer browses at when it is the
// server's own (browsing http://127.0.0.1:PORT while PUBLIC_URL says localhost sent the buyer to
// another origin, logged out there). The Host header is the caller's to write: only an address
// the connection really arrived at, or localhost on loopback, with the listening port, counts.

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Answer {
  code: number;
  data: { checkoutUrl?: string | null; items?: { resumeUrl: string | null }[] } & Record<
    string,
    unknown
  >;
}

/** One API call over a real connection to 127.0.0.1, with the Host header given. */
function call(
  port: number,
  host: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ answer: Answer; token: string | undefined }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/v4${path}`,
        headers: {
          host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          language: 'en',
          ...(token ? { authorization: token } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => {
          const pragma = res.headers.pragma;
          resolve({
            answer: JSON.parse(data) as Answer,
            token: typeof pragma === 'string' && pragma !== 'no-cache' ? pragma : undefined,
          });
        });
      },
    );
    req.once('error', reject);
    req.end(payload);
  });
}

async function listening(env: Record<string, string> = {}) {
  const port = await freePort();
  const t = await startTestApp({ env: { PUBLIC_URL: `http://localhost:${port}`, ...env } });
  await t.app.listen({ host: '127.0.0.1', port });
  const registered = await call(port, `127.0.0.1:${port}`, '/api/user/user_register', {
    channel: 'username',
    account: uniqueUsername(),
    password: PASSWORD,
    agreeTerms: true,
  });
  expect(registered.answer.code).toBe(200);
  return { t, port, token: registered.token ?? '' };
}

describe('outside production', () => {
  let t: TestApp;
  let port: number;
  let token: string;
  beforeAll(async () => {
    ({ t, port, token } = await listening());
  }, 60_000);
  afterAll(() => t.close());

  const purchase = async (host: string, key = idempotencyKey()) => {
    const { answer } = await call(
      port,
      host,
      '/api/payment/payment_purchase',
      { productId: '1', paymentMethod: 'card', idempotencyKey: key },
      token,
    );
    expect(answer.code).toBe(200);
    return new URL(answer.data.checkoutUrl ?? '');
  };

  test('the checkout opens on the address the buyer browses, when it is the server own', async () => {
    expect((await purchase(`127.0.0.1:${port}`)).origin).toBe(`http://127.0.0.1:${port}`);
    expect((await purchase(`localhost:${port}`)).origin).toBe(`http://localhost:${port}`);
    const checkout = await purchase(`127.0.0.1:${port}`);
    expect(checkout.pathname).toMatch(/^\/pay\/sandbox\//);
    // The page is there, on that origin.
    const page = await fetch(checkout);
    expect(page.status).toBe(200);
  });

  test('a retried purchase and the order history give the stored checkout on the caller origin', async () => {
    const key = idempotencyKey();
    const first = await purchase(`localhost:${port}`, key);
    const again = await purchase(`127.0.0.1:${port}`, key);
    expect(again.origin).toBe(`http://127.0.0.1:${port}`);
    expect(`${again.pathname}${again.search}`).toBe(`${first.pathname}${first.search}`);
    const history = await call(
      port,
      `127.0.0.1:${port}`,
      '/api/payment/payment_order',
      { page: 1, pageSize: 50 },
      token,
    );
    const resume = history.answer.data.items?.map((i) => i.resumeUrl).filter(Boolean) ?? [];
    expect(resume.length).toBeGreaterThan(0);
    for (const url of resume) expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/`));
  });

  test.each([
    ['a name that is not the server', (p: number) => `evil.example:${p}`],
    ['an address the connection did not arrive at', (p: number) => `10.1.2.3:${p}`],
    ['another loopback address than the one connected to', (p: number) => `127.0.0.2:${p}`],
    ['IPv6 loopback on an IPv4 connection', (p: number) => `[::1]:${p}`],
    ['another port', (p: number) => `127.0.0.1:${p + 1}`],
    ['no port (80)', () => '127.0.0.1'],
    ['localhost with a trailing dot', (p: number) => `localhost.:${p}`],
    ['user info in the host', (p: number) => `a@127.0.0.1:${p}`],
  ])('a spoofed Host header (%s) keeps PUBLIC_URL', async (_, host) => {
    expect((await purchase(host(port))).origin).toBe(`http://localhost:${port}`);
  });
});

test('production keeps PUBLIC_URL whatever the Host', async () => {
  const { t, port, token } = await listening({
    NODE_ENV: 'production',
    PAYMENT_SANDBOX: 'true',
    PAYMENT_SANDBOX_IN_PRODUCTION: 'true',
  });
  try {
    const { answer } = await call(
      port,
      `127.0.0.1:${port}`,
      '/api/payment/payment_purchase',
      { productId: '1', paymentMethod: 'card', idempotencyKey: idempotencyKey() },
      token,
    );
    expect(answer.code).toBe(200);
    expect(new URL(answer.data.checkoutUrl ?? '').origin).toBe(`http://localhost:${port}`);
  } finally {
    await t.close();
  }
}, 60_000);
