import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { precompress } from './compress.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('precompress', () => {
  test('text files of 1 KB or more get .br and .gz siblings that decompress to the file; small, binary and .vite files do not', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'));
    const big = 'const a = 1;\n'.repeat(200);
    mkdirSync(path.join(dir, 'assets'));
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, 'assets/app.js'), big);
    writeFileSync(path.join(dir, 'small.css'), 'a{}');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(4096));
    writeFileSync(path.join(dir, '.vite/manifest.json'), big);

    expect(precompress(dir)).toBe(1);
    const file = path.join(dir, 'assets/app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(big);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(big);
    expect(existsSync(path.join(dir, 'small.css.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.gz'))).toBe(false);
    expect(existsSync(path.join(dir, '.vite/manifest.json.gz'))).toBe(false);
  });
});
