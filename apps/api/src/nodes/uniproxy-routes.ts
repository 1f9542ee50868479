import { createHash } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  checkTrafficReport,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  NODE_ALIVE_TTL_SECONDS,
  NODE_PULL_INTERVAL_SECONDS_DEFAULT,
  NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
  trafficDay,
  trafficReportWindowMs,
  type TrafficEntry,
} from '@nimbus/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Refusal } from '../errors/refusal.ts';
import { failure, requestLanguage, success } from '../http/envelope.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { onlineAddresses, replaceNodeAlive, type AliveEntry } from './alive-store.ts';
import { FeedMembers } from './feed-members.ts';
import { knownFeedUsers } from './feed-users.ts';
import {
  findFeedNode,
  recordNodeAlive,
  recordNodePull,
  recordNodePush,
  type FeedNode,
} from './node-store.ts';
import { nodeTokenMatches } from './node-tokens.ts';
import { addDailyTraffic } from './traffic-store.ts';
import { uniproxyConfig, type FeedIntervals } from './uniproxy-config.ts';

/**
 * The UniProxy node API of the V2Board/Xboard panels, which V2bX and XrayR speak (see
 * docs/nodes.md): GET config, GET user, POST push, POST alive, GET alivelist under
 * /api/v1/server/UniProxy, each with `node_id`, `node_type` and the node's own `token` in the
 * query. Answers are the panels' shapes; refusals are 4xx with our envelope plus the panels'
 * `message`, and change nothing.
 */
export const UNIPROXY_PREFIX = '/api/v1/server/UniProxy';

/** Feed requests with a wrong token (or for a node that does not exist) per client IP. */
export const NODE_AUTH_FAILURES = { max: 30, windowMs: 10 * MS_PER_MINUTE };
/** Push and alive bodies of 100,000+ members exceed the API's ordinary body limit. */
const REPORT_BODY_LIMIT = 32 * 1024 * 1024;
/** A node's last pull is recorded to within this (status needs minutes, not every request). */
const PULL_RECORD_RESOLUTION_MS = 10_000;
const USER_ID = /^[1-9]\d{0,14}$/;
const MAX_ADDRESSES = 1_000;

export interface NodeFeedOptions {
  intervals?: Partial<FeedIntervals>;
  authFailures?: { max: number; windowMs: number };
}

type Query = Record<string, unknown>;

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

function reportInvalid(vars?: { userId: string }): Refusal {
  return vars
    ? new Refusal(ErrorCode.NODE_REPORT_INVALID, { message: 'errors:node_report_entry', vars })
    : new Refusal(ErrorCode.NODE_REPORT_INVALID);
}

/** A JSON object keyed by member ids, or a refusal. */
function reportObject(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string') throw reportInvalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw reportInvalid();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw reportInvalid();
  return parsed as Record<string, unknown>;
}

function trafficEntries(raw: unknown): TrafficEntry[] {
  const report = reportObject(raw);
  return Object.entries(report).map(([id, value]) => {
    if (!USER_ID.test(id) || !Array.isArray(value) || value.length !== 2)
      throw reportInvalid({ userId: id.slice(0, 20) });
    const [upload, download] = value as unknown[];
    if (typeof upload !== 'number' || typeof download !== 'number')
      throw reportInvalid({ userId: id });
    return { userId: Number(id), upload, download };
  });
}

function aliveEntries(raw: unknown): AliveEntry[] {
  const report = reportObject(raw);
  return Object.entries(report).map(([id, value]) => {
    if (
      !USER_ID.test(id) ||
      !Array.isArray(value) ||
      value.length > MAX_ADDRESSES ||
      !value.every((ip) => typeof ip === 'string' && ip.length > 0 && ip.length <= 64)
    )
      throw reportInvalid({ userId: id.slice(0, 20) });
    return { userId: Number(id), ips: value as string[] };
  });
}

const etagOf = (body: string) => `"${createHash('sha1').update(body).digest('hex')}"`;

/**
 * 304 when the node already has this body (If-None-Match holds its ETag), else the body, gzipped
 * (made once per list, when first asked) when there is such a copy and the node accepts it.
 */
async function sendTagged(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | (() => string),
  etag: string,
  gzipped?: () => Promise<Buffer>,
) {
  const seen = request.headers['if-none-match'];
  reply.header('etag', etag).header('cache-control', 'no-store').header('vary', 'accept-encoding');
  if (typeof seen === 'string' && seen.includes(etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  if (gzipped && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'gzip').send(await gzipped());
  return reply.send(typeof body === 'string' ? body : body());
}

export function registerNodeFeed(
  app: FastifyInstance,
  services: PlatformServices,
  clock: () => number,
  options: NodeFeedOptions = {},
): void {
  const intervals: FeedIntervals = {
    pushIntervalSeconds:
      options.intervals?.pushIntervalSeconds ?? NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
    pullIntervalSeconds:
      options.intervals?.pullIntervalSeconds ?? NODE_PULL_INTERVAL_SECONDS_DEFAULT,
  };
  const authFailures = options.authFailures ?? NODE_AUTH_FAILURES;
  const members = new FeedMembers(services.db);
  /** When this process last saw a wrong token from an address. */
  const failedAt = new Map<string, number>();
  const { db, counters } = services;

  /** The node a request may act for, or a refusal (counted against the caller's IP). */
  async function authenticate(request: FastifyRequest, now: number): Promise<FeedNode> {
    const limitKey = `node-auth:${request.ip}`;
    // Addresses without a recent failure here skip the counter read: a failure in another
    // process is counted in the database and refused there; this process reads it at the next
    // failure from the address.
    const suspect = (failedAt.get(request.ip) ?? -Infinity) > now - authFailures.windowMs;
    if (suspect) {
      const seen = await counters.peek(limitKey, authFailures.windowMs, now);
      if (seen.count >= authFailures.max) throw new Refusal(ErrorCode.RATE_LIMITED);
    }
    const query = request.query as Query;
    const id = single(query.node_id);
    const type = single(query.node_type)?.toLowerCase();
    const token = single(query.token);
    const node =
      id !== undefined && USER_ID.test(id) ? await findFeedNode(db, Number(id)) : undefined;
    if (!node || token === undefined || !nodeTokenMatches(token, node, now)) {
      failedAt.set(request.ip, now);
      if (failedAt.size > 10_000) failedAt.delete(failedAt.keys().next().value ?? '');
      const counted = await counters.hit(limitKey, authFailures.windowMs, now);
      if (counted.count > authFailures.max) throw new Refusal(ErrorCode.RATE_LIMITED);
      throw new Refusal(ErrorCode.NODE_TOKEN_INVALID);
    }
    // XrayR names a VLESS node "V2ray" (with EnableVless); V2bX says "vless".
    if (type !== node.node.protocol && !(type === 'v2ray' && node.node.protocol === 'vless'))
      throw new Refusal(ErrorCode.NODE_TYPE_MISMATCH, {
        vars: { nodeId: node.id, nodeType: (type ?? '').slice(0, 20) },
      });
    return node;
  }

  /** Runs a handler; a refusal is our envelope plus the panels' `message`. */
  const handle =
    (run: (request: FastifyRequest, reply: FastifyReply, now: number) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await run(request, reply, clock());
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        const envelope = failure(requestLanguage(request), error.entry, error.options);
        return reply
          .status(error.entry.http)
          .header('cache-control', 'no-store')
          .send({ ...envelope, message: envelope.msg });
      }
    };

  app.register(async (scope) => {
    // Node software sends JSON; the body is parsed here so garbage gets the feed's own refusal.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );

    scope.get(
      `${UNIPROXY_PREFIX}/config`,
      handle(async (request, reply, now) => {
        const node = await authenticate(request, now);
        const body = JSON.stringify(uniproxyConfig(node.node, node.capacityMbps, intervals));
        return sendTagged(request, reply, body, etagOf(body));
      }),
    );

    scope.get(
      `${UNIPROXY_PREFIX}/user`,
      handle(async (request, reply, now) => {
        const node = await authenticate(request, now);
        await recordNodePull(db, node.id, now, PULL_RECORD_RESOLUTION_MS);
        // A disabled node lets nobody in.
        if (!node.enabled) {
          const body = JSON.stringify({ users: [] });
          return sendTagged(request, reply, body, etagOf(body));
        }
        const list = await members.list(node.node.access, now);
        return sendTagged(
          request,
          reply,
          () => list.body(),
          list.etag,
          () => list.gzipped(),
        );
      }),
    );

    scope.post(
      `${UNIPROXY_PREFIX}/push`,
      handle(async (request, reply, now) => {
        const node = await authenticate(request, now);
        const entries = trafficEntries(request.body);
        const windowMs = trafficReportWindowMs(
          node.lastPushAt ?? node.lastPullAt ?? node.createdAt,
          now,
        );
        const checked = checkTrafficReport(entries, { capacityMbps: node.capacityMbps, windowMs });
        if (!checked.ok) {
          if (checked.error === 'not_a_count')
            throw reportInvalid({ userId: String(checked.params?.userId) });
          throw new Refusal(ErrorCode.NODE_TRAFFIC_IMPLAUSIBLE, {
            vars: {
              totalBytes: Number(checked.params?.totalBytes),
              capacityBytes: Number(checked.params?.capacityBytes),
              seconds: Math.round(windowMs / MS_PER_SECOND),
            },
          });
        }
        const known = await knownFeedUsers(
          db,
          entries.map((e) => e.userId),
        );
        const unknown = entries.filter((e) => !known.has(e.userId)).map((e) => e.userId);
        if (unknown.length > 0)
          throw new Refusal(ErrorCode.NODE_USER_UNKNOWN, {
            vars: { userIds: unknown.slice(0, 5).join(', ') },
          });
        // Traffic of an account deleted since the node pulled is not kept.
        const kept = entries.filter((e) => known.get(e.userId) === true);
        await db.transaction().execute(async (trx) => {
          await addDailyTraffic(trx, trafficDay(now), kept);
          await recordNodePush(trx, node.id, {
            now,
            members: entries.length,
            aliveFreshSince: now - NODE_ALIVE_TTL_SECONDS * MS_PER_SECOND,
          });
        });
        return reply
          .header('cache-control', 'no-store')
          .send(success(requestLanguage(request), true));
      }),
    );

    scope.post(
      `${UNIPROXY_PREFIX}/alive`,
      handle(async (request, reply, now) => {
        const node = await authenticate(request, now);
        const entries = aliveEntries(request.body);
        const known = await knownFeedUsers(
          db,
          entries.map((e) => e.userId),
        );
        const unknown = entries.filter((e) => !known.has(e.userId)).map((e) => e.userId);
        if (unknown.length > 0)
          throw new Refusal(ErrorCode.NODE_USER_UNKNOWN, {
            vars: { userIds: unknown.slice(0, 5).join(', ') },
          });
        const kept = entries.filter((e) => known.get(e.userId) === true);
        await db.transaction().execute(async (trx) => {
          await replaceNodeAlive(trx, node.id, kept, now);
          await recordNodeAlive(trx, node.id, { now, members: kept.length });
        });
        return reply
          .header('cache-control', 'no-store')
          .send(success(requestLanguage(request), true));
      }),
    );

    scope.get(
      `${UNIPROXY_PREFIX}/alivelist`,
      handle(async (request, reply, now) => {
        const node = await authenticate(request, now);
        const list = node.enabled ? await members.list(node.node.access, now) : undefined;
        const online = await onlineAddresses(db, now - NODE_ALIVE_TTL_SECONDS * MS_PER_SECOND);
        const alive: Record<string, number> = {};
        if (list)
          for (const [userId, addresses] of online)
            if (list.has(userId) && addresses.size > 0) alive[String(userId)] = addresses.size;
        return reply.header('cache-control', 'no-store').send({ alive });
      }),
    );
  });
}
