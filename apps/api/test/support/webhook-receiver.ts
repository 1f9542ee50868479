import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../src/webhooks/index.ts';

export interface ReceivedEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
  signature: string;
  verified: boolean;
}

/**
 * A real HTTP receiver on 127.0.0.1, as an operator's system would run one: it verifies each
 * request's Nimbus-Signature over the raw body (the helper docs/webhooks.md shows), keeps what it
 * got, and answers 500 to the first `failFirst` requests.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedEvent[];
  /** Requests answered with 500 so far. */
  refused: number;
  failFirst: number;
  /** The secret to verify with (set after the endpoint is created), and the clock to check t. */
  secret: string;
  nowSeconds: () => number;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { secret?: string; nowSeconds?: () => number; failFirst?: number } = {},
): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    refused: 0,
    failFirst: options.failFirst ?? 0,
    secret: options.secret ?? '',
    nowSeconds: options.nowSeconds ?? (() => Math.floor(Date.now() / 1000)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (receiver.refused < receiver.failFirst) {
        receiver.refused += 1;
        res.writeHead(500).end('not now');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['nimbus-signature'] ?? '');
      const verified = verifyWebhookSignature(
        receiver.secret,
        body,
        signature,
        receiver.nowSeconds(),
      );
      const event = JSON.parse(body) as Omit<ReceivedEvent, 'signature' | 'verified'>;
      receiver.received.push({ ...event, signature, verified });
      res.writeHead(verified ? 200 : 400).end();
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}
