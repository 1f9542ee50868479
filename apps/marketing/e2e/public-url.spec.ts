import { expect, test } from '@nimbus/e2e-kit';

// The pages are pre-rendered at build time, when the public origin is not known; the server
// started with PUBLIC_URL names that origin in canonical, hreflang, the sitemap and robots.txt.
test.use({ serverEnv: { PUBLIC_URL: 'https://vpn.example.com' } });

test("canonical and hreflang name the server's PUBLIC_URL, not the build's origin", async ({
  page,
}) => {
  for (const [path, canonical] of [
    ['/', 'https://vpn.example.com/'],
    ['/pricing', 'https://vpn.example.com/pricing'],
  ] as const) {
    for (const language of ['en', 'zh-CN']) {
      const response = await page.request.get(path, {
        headers: { 'accept-language': language, 'accept-encoding': 'br, gzip' },
      });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('localhost:8080');
      expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
      expect(html).toMatch(
        new RegExp(`<link rel="alternate" hreflang="x-default" href="${canonical}"`),
      );
    }
  }
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<loc>https://vpn.example.com/pricing</loc>');
  expect(sitemap).not.toContain('localhost:8080');
  const robots = await (await page.request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://vpn.example.com/sitemap.xml');
});
