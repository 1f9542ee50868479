import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import { isAdCrawler } from '@nimbus/domain/platform';
import { languageFromRequest } from '@nimbus/i18n/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/env.ts';
import { failure, requestLanguage } from '../http/envelope.ts';
import { loadRoutePatterns, type RoutePatterns } from './route-patterns.ts';

export type WebAppName = 'marketing' | 'account' | 'affiliate' | 'admin';

interface Mount {
  app: WebAppName;
  /** The URL prefix the app lives under ('' for the marketing site). */
  prefix: string;
}

/**
 * Which app serves a path (architecture section 3): /admin* the operator console, /user/kol*
 * the affiliate dashboard, /user* the account centre, everything else the marketing site.
 */
export function mountFor(pathname: string): Mount {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under('/admin')) return { app: 'admin', prefix: '/admin' };
  if (under('/user/kol')) return { app: 'affiliate', prefix: '/user/kol' };
  if (under('/user')) return { app: 'account', prefix: '/user' };
  return { app: 'marketing', prefix: '' };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Hashed build output never changes under its name: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML names the current hashed assets: revalidate every time. */
const NO_CACHE = 'no-cache';

/**
 * What an ad crawler gets instead of a page (spec section 1: the app renders nothing for an
 * ad-crawler user agent): the empty document the browser-side rule leaves behind as well.
 */
const EMPTY_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title></title></head><body><div id="root"></div></body></html>';

export interface WebApps {
  serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Hosts the three built apps (each its own dist folder, an SPA with its own index.html
 * fallback). Files are served as they are, with their .br/.gz siblings when present; a
 * pre-rendered page `dist/<lang>/<route>/index.html` is chosen by the `language` cookie or
 * Accept-Language; other routes get the app's index.html, and a path that none of the app's
 * routes (dist/routes.json) takes gets the not-found page with 404. A missing asset is a 404, never
 * index.html, so a stale chunk fails loudly and the app can reload.
 */
export async function registerWebApps(app: FastifyInstance, config: Config): Promise<WebApps> {
  await app.register(fastifyStatic, {
    root: config.repoRoot,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: 'ignore',
    index: false,
    // Called with the reply (not a raw response) in @fastify/static 10.
    setHeaders: (res, sent) => {
      const reply = res as unknown as FastifyReply;
      // The rule is the one of the file asked for, also when its .br/.gz sibling is sent.
      const file = sent.replace(/\.(br|gz)$/, '');
      if (file.endsWith('.html')) reply.header('cache-control', NO_CACHE);
      else if (file.split(path.sep).includes('assets')) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', 'public, max-age=3600');
    },
  });

  const production = config.mode === 'production';

  // The client routes of each built app (dist/routes.json), read once in production and on
  // every page request in development (where the apps are rebuilt under a running server).
  const patternCache = new Map<string, Promise<RoutePatterns | null>>();
  const routesOf = (dist: string) => {
    if (!production) return loadRoutePatterns(path.join(dist, 'routes.json'));
    let patterns = patternCache.get(dist);
    if (!patterns)
      patternCache.set(dist, (patterns = loadRoutePatterns(path.join(dist, 'routes.json'))));
    return patterns;
  };

  // The origin the marketing pages were pre-rendered with (dist/site.json; SITE_URL at build
  // time, http://localhost:8080 by default). Canonical, hreflang, sitemap.xml and robots.txt name
  // it; they are served with PUBLIC_URL in its place, which only the running server knows.
  const originCache = new Map<string, Promise<string | null>>();
  const builtOrigin = (dist: string) => {
    const read = readFile(path.join(dist, 'site.json'), 'utf8').then(
      (text) => {
        const siteUrl = (JSON.parse(text) as { siteUrl?: unknown }).siteUrl;
        return typeof siteUrl === 'string' ? siteUrl.replace(/\/+$/, '') : null;
      },
      () => null,
    );
    if (!production) return read;
    let origin = originCache.get(dist);
    if (!origin) originCache.set(dist, (origin = read));
    return origin;
  };
  const NAMES_ORIGIN = /\.html$|^\/?(sitemap\.xml|robots\.txt)$/;
  const rewritten = new Map<string, Promise<string>>();
  const withPublicOrigin = (file: string, origin: string) => {
    const read = readFile(file, 'utf8').then((text) => text.replaceAll(origin, config.publicUrl));
    if (!production) return read;
    let body = rewritten.get(file);
    if (!body) rewritten.set(file, (body = read));
    return body;
  };

  const send = async (reply: FastifyReply, dist: string, relative: string, status = 200) => {
    if (relative.endsWith('.html')) {
      // A page depends on the language asked for and on whether the visitor is an ad crawler.
      reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie, User-Agent');
      if (isAdCrawler(reply.request.headers['user-agent'] ?? ''))
        return reply
          .status(status)
          .header('cache-control', NO_CACHE)
          .type('text/html; charset=utf-8')
          .send(EMPTY_PAGE);
    }
    if (NAMES_ORIGIN.test(relative)) {
      const origin = await builtOrigin(dist);
      if (origin && origin !== config.publicUrl) {
        const html = relative.endsWith('.html');
        return reply
          .status(status)
          .header('cache-control', html ? NO_CACHE : 'public, max-age=3600')
          .type(
            html
              ? 'text/html; charset=utf-8'
              : relative.endsWith('.xml')
                ? 'application/xml; charset=utf-8'
                : 'text/plain; charset=utf-8',
          )
          .send(await withPublicOrigin(path.join(dist, relative), origin));
      }
    }
    return reply.status(status).sendFile(relative.replace(/^\/+/, ''), dist);
  };

  /** The marketing site's not-found page (pre-rendered if there is one), or the 404 envelope. */
  async function notFoundPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const dist = config.apps.marketing;
    const language = languageFromRequest({
      cookie: request.headers.cookie ?? null,
      acceptLanguage: request.headers['accept-language'] ?? null,
    });
    for (const candidate of [
      `/${language}/404/index.html`,
      '/404/index.html',
      '/404.html',
      '/index.html',
    ]) {
      if (await isFile(path.join(dist, candidate))) return send(reply, dist, candidate, 404);
    }
    return reply.status(404).send(failure(requestLanguage(request), ErrorCode.NOT_FOUND));
  }

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
    } catch {
      return notFoundPage(request, reply);
    }
    // No way out of the app's folder, and no hidden files.
    if (
      pathname.includes('\0') ||
      pathname.split('/').some((s) => s === '..' || s.startsWith('.'))
    ) {
      return notFoundPage(request, reply);
    }
    const mount = mountFor(pathname);
    const dist = config.apps[mount.app];
    if (!(await isDirectory(dist))) {
      if (production) return notFoundPage(request, reply);
      // Development only: say plainly which build is missing instead of a blank 404.
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send(
          `The ${mount.app} app is not built (${dist} is missing). Run \`pnpm build\`, or \`pnpm start\` which builds first.`,
        );
    }

    const relative = pathname.slice(mount.prefix.length) || '/';
    // The app's own files, at the path below its mount or mirrored under it.
    for (const candidate of [relative, pathname]) {
      if (!candidate.endsWith('/') && (await isFile(path.join(dist, candidate))))
        return send(reply, dist, candidate);
    }
    const last = relative.split('/').pop() ?? '';
    if (relative.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(last))
      return notFoundPage(request, reply);

    // A path none of the app's routes takes is a 404 (with the app's own not-found screen).
    const patterns = await routesOf(dist);
    if (patterns && !patterns.matches(relative)) {
      if (mount.app === 'marketing') return notFoundPage(request, reply);
      if (await isFile(path.join(dist, 'index.html'))) return send(reply, dist, '/index.html', 404);
    }

    const language = languageFromRequest({
      cookie: request.headers.cookie ?? null,
      acceptLanguage: request.headers['accept-language'] ?? null,
    });
    const route = relative.replace(/\/+$/, '');
    for (const candidate of [`/${language}${route}/index.html`, `${route}/index.html`]) {
      if (await isFile(path.join(dist, candidate))) return send(reply, dist, candidate);
    }
    if (await isFile(path.join(dist, 'index.html'))) return send(reply, dist, '/index.html');
    return notFoundPage(request, reply);
  }

  return { serve };
}
