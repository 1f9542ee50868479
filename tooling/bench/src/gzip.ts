import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Gzip size in bytes at level 9 (what a static server pre-compresses). */
export function gzipBytes(data: Buffer | string): number {
  return gzipSync(data, { level: 9 }).length;
}

/** Raw and gzip size of one file. */
export function fileSizes(file: string): { raw: number; gzip: number } {
  const data = readFileSync(file);
  return { raw: data.length, gzip: gzipBytes(data) };
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes). */
export function kb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}
