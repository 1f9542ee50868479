import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { directorySize } from './directory-size.ts';
import { gzipBytes } from './gzip.ts';
import {
  findKey,
  initialSizes,
  lazyChunkSize,
  sizeRows,
  staticClosure,
  type Manifest,
  type RouteSizes,
} from './manifest.ts';

// A small build: the entry imports react; the services chunk (always loaded) imports query;
// two pages share a chunk that carries CSS; a lazy chart chunk; catalogues per language.
const files: Record<string, string> = {
  'assets/index.js': 'entry'.repeat(50),
  'assets/index.css': 'body{margin:0}'.repeat(20),
  'assets/react.js': 'react'.repeat(400),
  'assets/services.js': 'services'.repeat(60),
  'assets/query.js': 'query'.repeat(90),
  'assets/Home.js': 'home'.repeat(30),
  'assets/Home.css': '.home{}'.repeat(10),
  'assets/Faq.js': 'faq'.repeat(25),
  'assets/Section.js': 'section'.repeat(40),
  'assets/Section.css': '.section{}'.repeat(15),
  'assets/Chart.js': 'chart'.repeat(300),
  'assets/common-en.js': '{"a":"Hello"}',
  'assets/common-zh.js': '{"a":"你好"}',
  'assets/faq-en.js': '{"q":"Why?"}'.repeat(9),
  'assets/faq-zh.js': '{"q":"为什么"}'.repeat(9),
};
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['../web/src/services/services.tsx', 'src/Home.tsx', 'src/Faq.tsx'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js' },
  '../web/src/services/services.tsx': {
    file: 'assets/services.js',
    isDynamicEntry: true,
    imports: ['index.html', '_query.js'],
  },
  '_query.js': { file: 'assets/query.js', imports: ['_react.js'] },
  'src/Home.tsx': {
    file: 'assets/Home.js',
    isDynamicEntry: true,
    imports: ['index.html', '_react.js', '_Section.js'],
    css: ['assets/Home.css'],
  },
  'src/Faq.tsx': {
    file: 'assets/Faq.js',
    isDynamicEntry: true,
    imports: ['index.html', '_Section.js', '_query.js'],
    dynamicImports: ['src/Chart.tsx'],
  },
  '_Section.js': { file: 'assets/Section.js', imports: ['_react.js'], css: ['assets/Section.css'] },
  'src/Chart.tsx': { file: 'assets/Chart.js', isDynamicEntry: true, imports: ['_react.js'] },
  '../i18n/locales/en/common.json': { file: 'assets/common-en.js', isDynamicEntry: true },
  '../i18n/locales/zh-CN/common.json': { file: 'assets/common-zh.js', isDynamicEntry: true },
  '../i18n/locales/en/faq.json': { file: 'assets/faq-en.js', isDynamicEntry: true },
  '../i18n/locales/zh-CN/faq.json': { file: 'assets/faq-zh.js', isDynamicEntry: true },
};
const gz = (...names: string[]) =>
  names.reduce((sum, name) => sum + gzipBytes(files[`assets/${name}`] as string), 0);
const raw = (...names: string[]) =>
  names.reduce((sum, name) => sum + Buffer.byteLength(files[`assets/${name}`] as string), 0);

let dist = '';
beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'bench-kit-'));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dist, name), text);
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('staticClosure and findKey', () => {
  test('follows static imports only, each key once, cycles included', () => {
    expect([...staticClosure(manifest, ['src/Faq.tsx'])].sort()).toEqual([
      '_Section.js',
      '_query.js',
      '_react.js',
      'index.html',
      'src/Faq.tsx',
    ]);
  });

  test('a key by its ending; none or several is an error', () => {
    expect(findKey(manifest, 'services/services.tsx')).toBe('../web/src/services/services.tsx');
    expect(() => findKey(manifest, 'Missing.tsx')).toThrow(/No manifest key/);
    expect(() => findKey(manifest, 'common.json')).toThrow(/More than one/);
  });
});

describe('initialSizes', () => {
  test('entry + page closure: JS and the CSS of those chunks, each file once', () => {
    const { shared, routes } = initialSizes({
      dist,
      routes: [{ route: '/', page: 'src/Home.tsx' }],
    });
    expect(shared.js).toEqual({
      raw: raw('index.js', 'react.js'),
      gzip: gz('index.js', 'react.js'),
    });
    expect(shared.css.gzip).toBe(gz('index.css'));
    const [home] = routes;
    expect(home).toMatchObject({
      route: '/',
      js: {
        raw: raw('index.js', 'react.js', 'Home.js', 'Section.js'),
        gzip: gz('index.js', 'react.js', 'Home.js', 'Section.js'),
      },
      pageJs: { gzip: gz('Home.js', 'Section.js') },
      css: { gzip: gz('index.css', 'Home.css', 'Section.css') },
      jsFiles: 4,
      cssFiles: 3,
    });
    // Lazy chunks (the chart, the services chunk) are not initial.
    expect(
      initialSizes({ dist, routes: [{ route: '/faq', page: 'src/Faq.tsx' }] }).routes[0]?.js.gzip,
    ).toBe(gz('index.js', 'react.js', 'Faq.js', 'Section.js', 'query.js'));
  });

  test('declared always-loaded chunks count on every route, a shared import once; catalogues per language', () => {
    const { shared, routes } = initialSizes({
      dist,
      always: ['services/services.tsx'],
      catalogueLanguages: ['en', 'zh-CN'],
      routes: [{ route: '/faq', page: 'src/Faq.tsx', namespaces: ['faq'] }, { route: '/blank' }],
    });
    expect(shared.js.gzip).toBe(gz('index.js', 'react.js', 'services.js', 'query.js'));
    const [faq, blank] = routes;
    expect(faq?.js.gzip).toBe(
      gz('index.js', 'react.js', 'services.js', 'query.js', 'Faq.js', 'Section.js'),
    );
    expect(faq?.pageJs.gzip).toBe(gz('Faq.js', 'Section.js'));
    expect(faq?.catalogues).toEqual({
      en: gz('common-en.js', 'faq-en.js'),
      'zh-CN': gz('common-zh.js', 'faq-zh.js'),
    });
    expect(blank).toMatchObject({
      js: shared.js,
      pageJs: { raw: 0, gzip: 0 },
      catalogues: { en: gz('common-en.js') },
    });
  });

  test('a route naming a page the build does not have fails loudly', () => {
    expect(() => initialSizes({ dist, routes: [{ route: '/x', page: 'src/Gone.tsx' }] })).toThrow(
      /Gone\.tsx/,
    );
  });

  test('sizeRows: KB with one decimal, catalogue columns only when sized', () => {
    const faq = initialSizes({
      dist,
      catalogueLanguages: ['en'],
      routes: [{ route: '/faq', page: 'src/Faq.tsx', namespaces: ['faq'] }],
    }).routes[0] as RouteSizes;
    expect(sizeRows([faq])).toEqual([
      {
        route: '/faq',
        'JS KB': Math.round((faq.js.gzip / 1024) * 10) / 10,
        'page JS KB': Math.round((faq.pageJs.gzip / 1024) * 10) / 10,
        'JS files': 5,
        'CSS KB': Math.round((gz('index.css', 'Section.css') / 1024) * 10) / 10,
        'CSS files': 2,
        'catalogues en KB': Math.round((gz('common-en.js', 'faq-en.js') / 1024) * 10) / 10,
      },
    ]);
    expect(
      Object.keys(sizeRows(initialSizes({ dist, routes: [{ route: '/' }] }).routes)[0] ?? {}),
    ).toEqual(['route', 'JS KB', 'page JS KB', 'JS files', 'CSS KB', 'CSS files']);
  });

  test('lazyChunkSize is the chunk itself', () => {
    expect(lazyChunkSize(dist, 'src/Chart.tsx')).toEqual({
      raw: raw('Chart.js'),
      gzip: gz('Chart.js'),
    });
  });
});

describe('directorySize', () => {
  test('every file below the folder, by type', () => {
    const size = directorySize(dist);
    const all = Object.keys(files);
    expect(size.files).toBe(all.length + 1);
    const manifestText = JSON.stringify(manifest);
    expect(size.raw).toBe(
      raw(...all.map((f) => f.slice('assets/'.length))) + Buffer.byteLength(manifestText),
    );
    expect(size.gzip).toBe(
      gz(...all.map((f) => f.slice('assets/'.length))) + gzipBytes(manifestText),
    );
    expect(size.byType.css).toEqual({
      files: 3,
      raw: raw('index.css', 'Home.css', 'Section.css'),
      gzip: gz('index.css', 'Home.css', 'Section.css'),
    });
    expect(size.byType.json?.files).toBe(1);
  });
});
