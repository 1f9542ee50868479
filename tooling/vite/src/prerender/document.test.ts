import type { Manifest } from 'vite';
import { describe, expect, test } from 'vitest';
import { inlineStylesheets, preloadTags, renderDocument } from './document.ts';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Nimbus</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('renderDocument', () => {
  test('puts the language, escaped head tags, the markup and the catalogues into the template', () => {
    const html = renderDocument(
      template,
      {
        html: '<main>Hi</main>',
        status: 200,
        language: 'zh-CN',
        cataloguesScript: '<script id="c" type="application/json">{}</script>',
      },
      {
        title: 'Plans & "prices"',
        description: 'Fast <VPN>',
        canonical: 'https://nimbus.example/pricing',
        alternates: {
          en: 'https://nimbus.example/pricing',
          'x-default': 'https://nimbus.example/pricing',
        },
      },
    );
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).not.toContain('<title>Nimbus</title>');
    expect(html).toContain('<title>Plans &amp; &quot;prices&quot;</title>');
    expect(html).toContain('<meta name="description" content="Fast &lt;VPN&gt;">');
    expect(html).toContain('<link rel="canonical" href="https://nimbus.example/pricing">');
    expect(html).toContain(
      '<link rel="alternate" hreflang="x-default" href="https://nimbus.example/pricing">',
    );
    expect(html).toMatch(
      /<div id="root"><main>Hi<\/main><\/div>\s*<script id="c" type="application\/json">\{\}<\/script>/,
    );
  });
});

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'], css: ['assets/shared.css'] },
  'src/pages/Home.tsx': {
    file: 'assets/Home.js',
    isDynamicEntry: true,
    imports: ['_shared.js', '_react.js'],
    dynamicImports: ['src/pages/Lazy.tsx'],
    css: ['assets/Home.css'],
  },
  'src/pages/Lazy.tsx': { file: 'assets/Lazy.js', isDynamicEntry: true },
};

describe('preloadTags', () => {
  test("a page's chunks and stylesheets that the entry does not load, static imports only", () => {
    expect(preloadTags(manifest, 'src/pages/Home.tsx').split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/Home.js">',
      '<link rel="stylesheet" crossorigin href="/assets/Home.css">',
      '<link rel="modulepreload" crossorigin href="/assets/shared.js">',
      '<link rel="stylesheet" crossorigin href="/assets/shared.css">',
    ]);
  });

  test('under another base', () => {
    expect(preloadTags(manifest, 'src/pages/Lazy.tsx', '/user/')).toBe(
      '<link rel="modulepreload" crossorigin href="/user/assets/Lazy.js">',
    );
  });
});

describe('inlineStylesheets', () => {
  test('each stylesheet becomes a <style> with a disabled link to its file; a </style in it cannot close the tag', () => {
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/a.css"><link rel="modulepreload" crossorigin href="/assets/a.js"></head>';
    const css: Record<string, string> = { 'assets/a.css': ' .a{content:"</style>"}\n' };
    expect(inlineStylesheets(html, (file) => css[file] ?? '')).toBe(
      '<head><style>.a{content:"<\\/style>"}</style><link rel="stylesheet" crossorigin href="/assets/a.css" disabled><link rel="modulepreload" crossorigin href="/assets/a.js"></head>',
    );
  });
});
