import { spawn } from 'node:child_process';

/** What the receiver accepted: the event and whether its signature held. */
export interface Received {
  type: string;
  id: string;
  verified: boolean;
}

/**
 * A receiver as an operator would write one (it checks Nimbus-Signature over the raw body), in
 * a process of its own (the kit's ops command blocks this one while the jobs deliver). It answers
 * 503 to the first `failFirst` attempts of each event, then verifies and accepts.
 */
const RECEIVER = `
const { createHmac, timingSafeEqual } = require('node:crypto');
const received = []; const refused = new Map(); let secret = ''; const failFirst = Number(process.argv[1]);
require('node:http').createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.url === '/secret') { secret = body; return res.end(); }
    if (req.url === '/log') return res.end(JSON.stringify(received));
    const event = JSON.parse(body);
    const failed = refused.get(event.id) ?? 0;
    if (failed < failFirst) { refused.set(event.id, failed + 1); return res.writeHead(503).end(); }
    const header = String(req.headers['nimbus-signature'] ?? '');
    const t = /t=(\\d+)/.exec(header)?.[1] ?? '';
    const v1 = /v1=([0-9a-f]{64})/.exec(header)?.[1] ?? '';
    const expected = createHmac('sha256', secret).update(t + '.' + body).digest();
    const verified = v1.length === 64 && timingSafeEqual(Buffer.from(v1, 'hex'), expected);
    received.push({ type: event.type, id: event.id, verified });
    res.writeHead(verified ? 204 : 400).end();
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port)); });
`;

/** Starts a receiver on loopback that refuses each event's first `failFirst` attempts. */
export async function startReceiver(failFirst: number) {
  const child = spawn(process.execPath, ['-e', RECEIVER, String(failFirst)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/nimbus`,
    setSecret: (secret: string) => fetch(`${base}/secret`, { method: 'POST', body: secret }),
    received: async () => (await (await fetch(`${base}/log`)).json()) as Received[],
    close: () => child.kill(),
  };
}
