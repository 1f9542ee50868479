import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startServer } from '@nimbus/e2e-kit';

export const LIGHTHOUSE_CATEGORIES = [
  'performance',
  'accessibility',
  'best-practices',
  'seo',
] as const;

export interface LighthouseOptions {
  /** Paths on the server, e.g. `/pricing`. */
  routes: readonly string[];
  /**
   * A server already running; default: the built server started by `startServer` of
   * @nimbus/e2e-kit.
   */
  baseUrl?: string;
  /** Extra environment for the started server. */
  serverEnv?: Record<string, string>;
  /**
   * `mobile` (default: Moto G Power emulation, slow 4G, 4x CPU slowdown, simulated) or `desktop`.
   */
  formFactor?: 'mobile' | 'desktop';
  /**
   * Browser languages, one Chrome per language (`--lang` and `--accept-lang`), so the server
   * and the app pick that language at the same URL. Default `['en']`.
   */
  languages?: readonly string[];
  /** Default `CHROME_PATH`, else Debian's `/usr/bin/chromium`. */
  chromePath?: string;
  /**
   * Runs again after a failed run (a runtime error such as NO_NAVSTART, or an exception); default
   * 1.
   */
  retries?: number;
  /** Called after each run (progress output). */
  onResult?: (row: LighthouseRow) => void;
}

export interface LighthouseRow {
  route: string;
  language: string;
  formFactor: 'mobile' | 'desktop';
  /** Category scores 0-100 (NaN when the run failed). */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's runtime error, or the exception, when the run failed. */
  error?: string;
}

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Lighthouse for each route (and language) against the built server, in Debian's Chromium. */
export async function runLighthouse({
  routes,
  baseUrl,
  serverEnv,
  formFactor = 'mobile',
  languages = ['en'],
  chromePath,
  retries = 1,
  onResult,
}: LighthouseOptions): Promise<LighthouseRow[]> {
  const server = baseUrl ? null : await startServer(serverEnv ? { env: serverEnv } : {});
  const origin = baseUrl ?? (server as { url: string }).url;
  const rows: LighthouseRow[] = [];
  try {
    for (const language of languages) {
      const chrome = await chromeLauncher.launch({
        chromePath: chromePath ?? process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: [...CHROME_FLAGS, `--lang=${language}`, `--accept-lang=${language}`],
      });
      try {
        for (const route of routes) {
          let row = failedRow('not run');
          for (let attempt = 0; attempt <= retries; attempt += 1) {
            row = await auditRoute(`${origin}${route}`, chrome.port, formFactor).catch(
              (error: unknown) => failedRow(String(error)),
            );
            if (!row.error) break;
          }
          const full = { route, language, formFactor, ...row };
          rows.push(full);
          onResult?.(full);
        }
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server?.stop();
  }
  return rows;
}

type Measured = Omit<LighthouseRow, 'route' | 'language' | 'formFactor'>;

function failedRow(error: string): Measured {
  return {
    performance: Number.NaN,
    accessibility: Number.NaN,
    bestPractices: Number.NaN,
    seo: Number.NaN,
    fcpMs: Number.NaN,
    lcpMs: Number.NaN,
    tbtMs: Number.NaN,
    cls: Number.NaN,
    error,
  };
}

async function auditRoute(
  url: string,
  port: number,
  formFactor: 'mobile' | 'desktop',
): Promise<Measured> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...LIGHTHOUSE_CATEGORIES] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) return failedRow('Lighthouse returned no result');
  const { categories, audits, runtimeError } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  const num = (id: string, digits = 0) =>
    Number((audits[id]?.numericValue ?? Number.NaN).toFixed(digits));
  const row: Measured = {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift', 3),
  };
  if (runtimeError) row.error = `${runtimeError.code}: ${runtimeError.message}`;
  return row;
}

/** The categories of a row below `min` (e.g. 95), as `performance 91`; empty when all meet it. */
export function categoriesBelow(row: LighthouseRow, min: number): string[] {
  const scores = {
    performance: row.performance,
    accessibility: row.accessibility,
    'best-practices': row.bestPractices,
    seo: row.seo,
  };
  return Object.entries(scores)
    .filter(([, value]) => !(value >= min))
    .map(([name, value]) => `${name} ${Number.isNaN(value) ? 'n/a' : value}`);
}
