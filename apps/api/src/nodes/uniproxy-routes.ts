import { createHash } from 'node:crypto';
import { ErrorCode } from '@nimbus/api-sdk/contract';
import {
  aliveAddressesKept,
  checkTrafficReport,
  MS_PER_MINUTE,
  MS_PER_SECOND,
  NODE_ALIVE_TTL_SECONDS,
  NODE_PULL_INTERVAL_SECONDS_DEFAULT,
  NODE_PUSH_INTERVAL_SECONDS_DEFAULT,
  nodeReportBodyLimit,
  nodeReportCovers,
  trafficDay,
  trafficReportWindowMs,
  type TrafficEntry,
  nodeTypeAccepted,
} from '@nimbus/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { Refusal } from '../errors/refusal.ts';
import { failure, requestLanguage, success } from '../http/envelope.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { onlineAddresses, replaceNodeAlive, type AliveEntry } from './alive-store.ts';
import { FeedMembers } from './feed-members.ts';
import { knownFeedUsers, type FeedUserState } from './feed-users.ts';
import {
  findFeedNode,
  recordNodeAlive,
  recordNodePull,
  recordNodePush,
  type FeedNode,
} from './node-store.ts';
import { hashNodeToken, nodeTokenMatches } from './node-tokens.ts';
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
/** A node's last pull is recorded to within this (status needs minutes, not every request). */
const PULL_RECORD_RESOLUTION_MS = 10_000;
const USER_ID = /^[1-9]\d{0,14}$/;
const MAX_ADDRESSES = 1_000;

export interface NodeFeedOptions {
  intervals?: Partial<FeedIntervals>;
  authFailures?: { max: number; windowMs: number };
  /**
   * Runs in a push's transaction after its daily rows were added, with the members' counts it
   * kept (traffic quotas add them to the cycle totals and mark those it takes over:
   * membership/traffic-quota.ts).
   */
  inTraffic?: (trx: Db, entries: readonly TrafficEntry[], now: number) => Promise<void>;
}

type Query = Record<string, unknown>;

const single = (value: unknown) => (typeof value === 'string' ? value : undefined);

const REPORTS = { push: 'push', alive: 'alive' } as const;

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

/**
 * The members of a report the node may report for (refusing the whole report otherwise, as
 * reports are believed only whole): ids never given to nodes are unknown; a live member whose
 * plan did not reach the node in the interval is not on its list. Deleted accounts are left out.
 */
function reportedMembers<E extends { userId: number }>(
  entries: readonly E[],
  known: ReadonlyMap<number, FeedUserState>,
  covers: (user: FeedUserState) => boolean,
): { entry: E; user: FeedUserState }[] {
  const unknown = entries.filter((e) => !known.has(e.userId)).map((e) => e.userId);
  if (unknown.length > 0)
    throw new Refusal(ErrorCode.NODE_USER_UNKNOWN, {
      vars: { userIds: unknown.slice(0, 5).join(', ') },
    });
  const kept: { entry: E; user: FeedUserState }[] = [];
  const notListed: number[] = [];
  for (const entry of entries) {
    const user = known.get(entry.userId);
    if (!user?.live) continue;
    if (covers(user)) kept.push({ entry, user });
    else notListed.push(entry.userId);
  }
  if (notListed.length > 0)
    throw new Refusal(ErrorCode.NODE_USER_NOT_LISTED, {
      vars: { userIds: notListed.slice(0, 5).join(', ') },
    });
  return kept;
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
  const { db, counters } = services;

  /**
   * The node a request may act for, or a refusal. Refused tokens are counted per node id and
   * presented token (never per address: nodes share addresses behind NAT and providers, and a
   * node left on a rotated token must not lock out the healthy ones beside it), and a valid
   * token is never checked against any counter. An address sending many different wrong tokens
   * is limited too, on the refusal path only.
   */
  async function authenticate(request: FastifyRequest, now: number): Promise<FeedNode> {
    const query = request.query as Query;
    const id = single(query.node_id);
    const type = single(query.node_type)?.toLowerCase();
    const token = single(query.token);
    const node =
      id !== undefined && USER_ID.test(id) ? await findFeedNode(db, Number(id)) : undefined;
    const use = request.method === 'POST' ? 'report' : 'pull';
    if (!node || token === undefined || !nodeTokenMatches(token, node, now, use)) {
      const presented = hashNodeToken(token ?? '').slice(0, 16);
      const perToken = await counters.hit(
        `node-auth:${node?.id ?? 'none'}:${presented}`,
        authFailures.windowMs,
        now,
      );
      const perAddress = await counters.hit(
        `node-auth-address:${request.ip}`,
        authFailures.windowMs,
        now,
      );
      if (perToken.count > authFailures.max || perAddress.count > authFailures.max * 20)
        throw new Refusal(ErrorCode.RATE_LIMITED);
      throw new Refusal(ErrorCode.NODE_TOKEN_INVALID);
    }
    // "v2ray" is VMess's other name only (domain nodeTypeAccepted): a VLESS node asked as
    // v2ray would hand VLESS members to a VMess inbound.
    if (!nodeTypeAccepted(node.node.protocol, type ?? ''))
      throw new Refusal(ErrorCode.NODE_TYPE_MISMATCH, {
        vars: { nodeId: node.id, nodeType: (type ?? '').slice(0, 20) },
      });
    return node;
  }

  /** The node each request acts for, known before its body is read. */
  const nodes = new WeakMap<FastifyRequest, FeedNode>();
  /** The most bytes a push or alive body may have, and the member count it comes from. */
  const bodyLimits = new WeakMap<FastifyRequest, { limitBytes: number; members: number }>();

  const nodeOf = (request: FastifyRequest): FeedNode => {
    const node = nodes.get(request);
    if (!node) throw new Error('feed request without an authenticated node');
    return node;
  };

  /** A refusal is our envelope plus the panels' `message`. */
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: Refusal) => {
    const envelope = failure(requestLanguage(request), error.entry, error.options);
    // A body not read (refused before it, or past the limit) is discarded as it arrives, never
    // kept: Node reads the rest of the request off the connection after the answer.
    return reply
      .status(error.entry.http)
      .header('cache-control', 'no-store')
      .send({ ...envelope, message: envelope.msg });
  };

  /** Runs a handler with the request's node. */
  const handle =
    (
      run: (
        request: FastifyRequest,
        reply: FastifyReply,
        now: number,
        node: FeedNode,
      ) => Promise<unknown>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await run(request, reply, clock(), nodeOf(request));
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return refuse(request, reply, error);
      }
    };

  /**
   * Before any body is read: the node and its token, and for a report, that the node is enabled
   * and the body no larger than the node's members can need (Content-Length is checked here, a
   * chunked body as it arrives).
   */
  async function admit(request: FastifyRequest, now: number): Promise<void> {
    const node = await authenticate(request, now);
    nodes.set(request, node);
    if (request.method !== 'POST') return;
    if (!node.enabled) throw new Refusal(ErrorCode.NODE_DISABLED, { vars: { nodeId: node.id } });
    const kind =
      request.routeOptions.url === `${UNIPROXY_PREFIX}/alive` ? REPORTS.alive : REPORTS.push;
    const list = await members.list(node.node.access, now);
    const limit = {
      limitBytes: nodeReportBodyLimit(kind, { members: list.members, devices: list.devices }),
      members: list.members,
    };
    bodyLimits.set(request, limit);
    const length = Number(request.headers['content-length']);
    if (Number.isFinite(length) && length > limit.limitBytes)
      throw new Refusal(ErrorCode.NODE_REPORT_TOO_LARGE, { vars: limit });
  }

  app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => admit(request, clock()));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof Refusal) return refuse(request, reply, error);
      // Anything else is answered as everywhere else in the API.
      throw error;
    });

    // Node software sends JSON; the body is read here, up to the node's limit, so garbage gets
    // the feed's own refusal.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (request, payload, done) => {
      const limit = bodyLimits.get(request);
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const settle = (error: Error | null, body?: string) => {
        if (settled) return;
        settled = true;
        done(error, body);
      };
      // Past the limit the rest is read off the connection and dropped (the answer is sent).
      const onData = (chunk: Buffer) => {
        if (settled) return;
        size += chunk.length;
        if (limit && size > limit.limitBytes)
          return settle(new Refusal(ErrorCode.NODE_REPORT_TOO_LARGE, { vars: limit }));
        chunks.push(chunk);
      };
      payload.on('data', onData);
      payload.once('end', () => settle(null, Buffer.concat(chunks).toString('utf8')));
      payload.once('error', (error) => settle(error));
    });

    scope.get(
      `${UNIPROXY_PREFIX}/config`,
      handle(async (request, reply, _now, node) => {
        const body = JSON.stringify(uniproxyConfig(node.node, node.capacityMbps, intervals));
        return sendTagged(request, reply, body, etagOf(body));
      }),
    );

    scope.get(
      `${UNIPROXY_PREFIX}/user`,
      handle(async (request, reply, now, node) => {
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

    /** The node's list may have changed since it pulled: members it lists then still count. */
    const pulledSince = (since: number) => since - intervals.pullIntervalSeconds * MS_PER_SECOND;

    scope.post(
      `${UNIPROXY_PREFIX}/push`,
      handle(async (request, reply, now, node) => {
        const entries = trafficEntries(request.body);
        const since = node.lastPushAt ?? node.lastPullAt ?? node.createdAt;
        const windowMs = trafficReportWindowMs(since, now);
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
        // Traffic of an account deleted since the node pulled is not kept.
        const kept = reportedMembers(entries, known, (user) =>
          nodeReportCovers(node.node.access, user.membership, pulledSince(now - windowMs), now),
        ).map((m) => m.entry);
        await db.transaction().execute(async (trx) => {
          await addDailyTraffic(trx, trafficDay(now), kept);
          // The quota totals move with the traffic, in the same transaction: never one without
          // the other.
          await options.inTraffic?.(trx, kept, now);
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
      handle(async (request, reply, now, node) => {
        const entries = aliveEntries(request.body);
        const known = await knownFeedUsers(
          db,
          entries.map((e) => e.userId),
        );
        // A member counts with at most their device limit of addresses.
        const kept = reportedMembers(entries, known, (user) =>
          nodeReportCovers(
            node.node.access,
            user.membership,
            pulledSince(node.lastPullAt ?? now),
            now,
          ),
        ).map(({ entry, user }) => ({
          userId: entry.userId,
          ips: aliveAddressesKept(entry.ips, user.devicesAllowed),
        }));
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
      handle(async (request, reply, now, node) => {
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
