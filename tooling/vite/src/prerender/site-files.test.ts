import { describe, expect, test } from 'vitest';
import { robotsTxt, routePatterns, sitemapXml } from './site-files.ts';

describe('routePatterns', () => {
  test('full path patterns of the leaf routes, index routes as their parent, catch-alls left out', () => {
    expect(
      routePatterns([
        {
          path: '/',
          children: [
            { index: true },
            { path: 'pricing' },
            { path: 'crypto-pay/:productId' },
            { path: 'download', children: [{ index: true }, { path: 'tips' }] },
            { path: '*' },
          ],
        },
        { path: '/clause/:name' },
        { path: 'trial' },
      ]),
    ).toEqual([
      '/',
      '/pricing',
      '/crypto-pay/:productId',
      '/download',
      '/download/tips',
      '/clause/:name',
      '/trial',
    ]);
  });
});

describe('sitemapXml and robotsTxt', () => {
  test('one <url> per page with an alternate per language', () => {
    const xml = sitemapXml(['https://n.example/', 'https://n.example/faq'], ['en', 'zh-CN']);
    expect(xml.match(/<url>/g)).toHaveLength(2);
    expect(xml).toContain(
      '<url><loc>https://n.example/faq</loc><xhtml:link rel="alternate" hreflang="en" href="https://n.example/faq"/><xhtml:link rel="alternate" hreflang="zh-CN" href="https://n.example/faq"/></url>',
    );
  });

  test('robots.txt allows all but the listed paths and names the sitemap', () => {
    expect(robotsTxt(['/user', '/purchased'], 'https://n.example/sitemap.xml')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /user\nDisallow: /purchased\n\nSitemap: https://n.example/sitemap.xml\n',
    );
  });
});
