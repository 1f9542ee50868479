import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mountFor } from '../../src/web/web-apps.ts';
import { startTestApp, tempDir, type TestApp } from '../support/test-app.ts';

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * Built apps as Vite leaves them: index.html, hashed assets, and pre-rendered pages for marketing.
 */
function fixtureApps() {
  const root = tempDir('nimbus-web-');
  const marketing = path.join(root, 'marketing');
  const account = path.join(root, 'account');
  const bigScript = `console.log(${JSON.stringify('nimbus '.repeat(2000))});`;
  write(path.join(marketing, 'index.html'), '<!doctype html><title>marketing spa</title>');
  write(path.join(marketing, '404.html'), '<!doctype html><title>marketing 404</title>');
  write(path.join(marketing, 'en/pricing/index.html'), '<!doctype html><title>Pricing</title>');
  write(path.join(marketing, 'zh-CN/pricing/index.html'), '<!doctype html><title>价格</title>');
  write(path.join(marketing, 'zh-CN/index.html'), '<!doctype html><title>首页</title>');
  write(path.join(marketing, 'en/index.html'), '<!doctype html><title>Home</title>');
  write(path.join(marketing, 'en/404/index.html'), '<!doctype html><title>Not found</title>');
  write(path.join(marketing, 'zh-CN/404/index.html'), '<!doctype html><title>页面不存在</title>');
  write(path.join(marketing, 'en/faq/index.html'), '<!doctype html><title>FAQ</title>');
  write(
    path.join(marketing, 'en/faq/index.html.br'),
    brotliCompressSync('<!doctype html><title>FAQ</title>'),
  );
  write(
    path.join(marketing, 'routes.json'),
    JSON.stringify(['/', '/pricing', '/faq', '/crypto-pay/:productId']),
  );
  write(path.join(marketing, 'assets/index-Ab12Cd.js'), bigScript);
  write(path.join(marketing, 'assets/index-Ab12Cd.js.br'), brotliCompressSync(bigScript));
  write(path.join(marketing, 'robots.txt'), 'User-agent: *');
  write(path.join(marketing, '.env'), 'SECRET=1');
  write(path.join(account, 'index.html'), '<!doctype html><title>account spa</title>');
  write(path.join(account, 'assets/account-Zz99.js'), 'export {}');
  return {
    marketing,
    account,
    affiliate: path.join(root, 'affiliate-not-built'),
    admin: path.join(root, 'admin-not-built'),
  };
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const title = async (res: Response) => /<title>(.*)<\/title>/.exec(await res.text())?.[1];

describe('which app serves a path', () => {
  test.each([
    ['/', 'marketing'],
    ['/pricing', 'marketing'],
    ['/users', 'marketing'],
    ['/user', 'account'],
    ['/user/profile', 'account'],
    ['/user/kol', 'affiliate'],
    ['/user/kol/commission', 'affiliate'],
    ['/user/kolx', 'account'],
    ['/admin', 'admin'],
    ['/admin/users/12', 'admin'],
    ['/administrator', 'marketing'],
  ])('%s -> %s', (pathname, app) => {
    expect(mountFor(pathname).app).toBe(app);
  });
});

describe('the one-origin server', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    const apps = fixtureApps();
    t = await startTestApp({
      env: {
        MARKETING_DIST: apps.marketing,
        ACCOUNT_DIST: apps.account,
        AFFILIATE_DIST: apps.affiliate,
      },
    });
    base = await listen(t);
  });
  afterAll(() => t.close());

  test('serves the API and the apps on one origin', async () => {
    const api = await fetch(`${base}/v4/health`);
    expect(await api.json()).toMatchObject({ code: 200 });
    expect(await title(await fetch(`${base}/user/profile`))).toBe('account spa');
    expect(await title(await fetch(`${base}/crypto-pay/abc`))).toBe('marketing spa');
  });

  test('pre-rendered pages are chosen by the language cookie, then Accept-Language', async () => {
    expect(
      await title(
        await fetch(`${base}/pricing`, { headers: { 'accept-language': 'en-US,en;q=0.9' } }),
      ),
    ).toBe('Pricing');
    expect(
      await title(await fetch(`${base}/pricing`, { headers: { 'accept-language': 'zh-CN' } })),
    ).toBe('价格');
    expect(
      await title(
        await fetch(`${base}/pricing/`, {
          headers: { cookie: 'language=zh-CN', 'accept-language': 'en' },
        }),
      ),
    ).toBe('价格');
    expect(await title(await fetch(`${base}/`, { headers: { 'accept-language': 'fr' } }))).toBe(
      '首页',
    );
  });

  test('HTML is no-cache; hashed assets are immutable; precompressed files are used', async () => {
    const html = await fetch(`${base}/pricing`);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const asset = await fetch(`${base}/assets/index-Ab12Cd.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toContain('nimbus nimbus');
    const accountAsset = await fetch(`${base}/user/assets/account-Zz99.js`);
    expect(accountAsset.status).toBe(200);
    expect(accountAsset.headers.get('cache-control')).toContain('immutable');
  });

  test('API answers are compressed when large enough', async () => {
    const res = await fetch(`${base}/v4/api/system/system_public_keys`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(((await res.json()) as { code: number }).code).toBe(200);
  });

  test('a missing asset is a 404, not the SPA page; dotfiles are never served', async () => {
    // No language asked for: Chinese, the site's default.
    const missing = await fetch(`${base}/assets/index-Old000.js`);
    expect(missing.status).toBe(404);
    expect(await title(missing)).toBe('页面不存在');
    expect((await fetch(`${base}/.env`)).status).toBe(404);
    for (const url of [
      '/../../etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/user/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('root:');
    }
  });

  test("a path no marketing route takes is a 404 with the not-found page in the visitor's language", async () => {
    for (const url of ['/no-such-page', '/pricing/extra', '/crypto-pay', '/404']) {
      const res = await fetch(`${base}${url}`, { headers: { 'accept-language': 'en' } });
      expect(res.status, url).toBe(404);
      expect(await title(res)).toBe('Not found');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const zh = await fetch(`${base}/no-such-page`, { headers: { cookie: 'language=zh-CN' } });
    expect(zh.status).toBe(404);
    expect(await title(zh)).toBe('页面不存在');
    // A client route without a pre-rendered page is still the app.
    expect((await fetch(`${base}/crypto-pay/7`)).status).toBe(200);
  });

  test('pre-rendered pages are sent compressed and still revalidated', async () => {
    const res = await fetch(`${base}/faq`, {
      headers: { 'accept-language': 'en', 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await title(res)).toBe('FAQ');
  });

  test('in development a missing build says which app to build', async () => {
    const res = await fetch(`${base}/user/kol`);
    expect(res.status).toBe(404);
    expect(await res.text()).toMatch(/affiliate app is not built/);
  });

  test('an ad crawler gets an empty page for every page, and pages vary by user agent', async () => {
    const adsBot = { 'user-agent': 'AdsBot-Google (+http://www.google.com/adsbot.html)' };
    for (const [url, status] of [
      ['/', 200],
      ['/pricing', 200],
      ['/faq', 200],
      ['/crypto-pay/7', 200],
      ['/user/profile', 200],
      ['/no-such-page', 404],
    ] as const) {
      const res = await fetch(`${base}${url}`, {
        headers: { ...adsBot, 'accept-language': 'en', 'accept-encoding': 'br' },
      });
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-type'), url).toMatch(/text\/html/);
      expect(res.headers.get('vary'), url).toContain('User-Agent');
      const html = await res.text();
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toMatch(/<title>.+<\/title>|<script/);
    }
    // Search engines and people still get the page; assets are not pages.
    const googlebot = await fetch(`${base}/pricing`, {
      headers: { 'user-agent': 'Googlebot/2.1', 'accept-language': 'en' },
    });
    expect(await title(googlebot)).toBe('Pricing');
    expect(googlebot.headers.get('vary')).toContain('User-Agent');
    const asset = await fetch(`${base}/assets/index-Ab12Cd.js`, { headers: adsBot });
    expect(await asset.text()).toContain('nimbus nimbus');
  });

  test('pages carry the security headers too', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('in production', () => {
  test('an app that is not built gives the marketing 404 page; API paths stay JSON', async () => {
    const apps = fixtureApps();
    const t = await startTestApp({
      env: {
        NODE_ENV: 'production',
        MARKETING_DIST: apps.marketing,
        ACCOUNT_DIST: apps.account,
        AFFILIATE_DIST: apps.affiliate,
      },
    });
    try {
      const base = await listen(t);
      const res = await fetch(`${base}/user/kol/commission`);
      expect(res.status).toBe(404);
      // No language asked for: Chinese, the site's default.
      expect(await title(res)).toBe('页面不存在');
      const api = await fetch(`${base}/v4/api/missing`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(api.status).toBe(404);
      expect(await api.json()).toMatchObject({ code: 404, status: 'NotFound', data: null });
    } finally {
      await t.close();
    }
  });
});
