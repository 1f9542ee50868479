import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { endpoints, type EndpointName } from '../src/contract/endpoints.ts';
import { successEnvelope } from '../src/contract/envelope.ts';
import { exampleResponses } from './examples.ts';

/**
 * A real HTTP server on 127.0.0.1 for the client's tests. It speaks the contract: it finds the
 * endpoint by path (under /v4 or /v4/test), decrypts signed bodies with node:crypto RSA-OAEP
 * (SHA-256) and answers the example data in the envelope, unless a test overrides the answer.
 * Every request is recorded with its headers, raw body and (for signed calls) decrypted payload.
 */

export interface RecordedRequest {
  method: string;
  url: string;
  name: EndpointName | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
  /** The decrypted JSON of a signed call. */
  decrypted?: Record<string, unknown>;
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is. */
  body?: unknown;
  delayMs?: number;
}

export type Handler = (request: RecordedRequest) => Answer | undefined;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  publicKeyPem: string;
  privateKey: KeyObject;
  /** Overrides the answer for one endpoint (undefined from the handler means the default). */
  on(name: EndpointName, handler: Handler): void;
  reset(): void;
  close(): Promise<void>;
}

const byPath = new Map(
  Object.entries(endpoints).map(([name, e]) => [e.path as string, name as EndpointName]),
);

export function generateKeys(): { publicKeyPem: string; privateKey: KeyObject } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(), privateKey };
}

export function decryptSignature(
  signature: string,
  privateKey: KeyObject,
): Record<string, unknown> {
  const plain = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(signature, 'base64'),
  );
  return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
}

export async function startTestServer(keys = generateKeys()): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<EndpointName, Handler>();
  const sockets = new Set<Socket>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = (req.url ?? '').replace(/^\/v4(\/test)?/, '');
      const name = byPath.get(path);
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // recorded as text
      }
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        name,
        headers: req.headers,
        body,
      };
      if (
        name &&
        endpoints[name].signed &&
        typeof body === 'object' &&
        body !== null &&
        'signature' in body
      ) {
        recorded.decrypted = decryptSignature(String(body.signature), keys.privateKey);
      }
      requests.push(recorded);

      const answer: Answer =
        (name && handlers.get(name)?.(recorded)) ??
        (name === 'systemPublicKeys'
          ? {
              body: successEnvelope({
                keys: {
                  ios: keys.publicKeyPem,
                  android: keys.publicKeyPem,
                  mac: keys.publicKeyPem,
                  windows: keys.publicKeyPem,
                },
              }),
            }
          : name
            ? { body: successEnvelope(exampleResponses[name]) }
            : {
                status: 404,
                body: { code: 404, msg: 'Not found', status: 'NotFound', data: null },
              });

      const send = () => {
        if (res.destroyed) return;
        const isText = typeof answer.body === 'string';
        res.writeHead(answer.status ?? 200, {
          'content-type': isText ? 'text/html' : 'application/json',
          ...answer.headers,
        });
        res.end(isText ? answer.body : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    publicKeyPem: keys.publicKeyPem,
    privateKey: keys.privateKey,
    on: (name, handler) => handlers.set(name, handler),
    reset() {
      requests.length = 0;
      handlers.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: bound, then released. */
export async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
