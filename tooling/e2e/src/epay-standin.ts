import './http-agent.ts';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * A local stand-in of an EPay (易支付) merchant gateway for tests: `submit.php` checks the
 * merchant's signed redirect and shows a cashier page whose Pay button notifies the merchant's
 * `notify_url` exactly as the protocol says (the trade's fields, `trade_status=TRADE_SUCCESS`, an
 * MD5 signature over the sorted non-empty fields except sign/sign_type, concatenated as `a=b&c=d`
 * plus the key), resends until the merchant answers `success`, then returns the buyer to
 * `return_url`. Its signing is written here from the protocol, apart from the server's.
 */

export const EPAY_STANDIN_PID = '1001';
export const EPAY_STANDIN_KEY = 'standinKey0123456789ABCDEFabcdef';

/** The protocol's signature, written from its description (not the server's code). */
export function epayStandinSign(params: Record<string, string>, key: string): string {
  const names = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort();
  const text = names.map((k) => `${k}=${params[k]}`).join('&') + key;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export interface EpayTrade {
  tradeNo: string;
  params: Record<string, string>;
  /** What the merchant's notify_url answered, each time it was called. */
  answers: string[];
}

export interface EpayStandin {
  url: string;
  env: Record<string, string>;
  trades: Map<string, EpayTrade>;
  /** How the gateway notifies: a GET with the fields in the query, or a form POST. */
  notifyMethod: 'GET' | 'POST';
  /** The signed fields of a successful trade's notify (overrides applied before signing). */
  notifyFields(
    submitted: Record<string, string>,
    overrides?: Record<string, string>,
  ): Record<string, string>;
  /** Sends a notify to the merchant; returns the merchant's answer text and HTTP status. */
  notify(
    notifyUrl: string,
    fields: Record<string, string>,
    method?: 'GET' | 'POST',
  ): Promise<{ status: number; text: string }>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startEpayStandin(
  options: { pid?: string; key?: string } = {},
): Promise<EpayStandin> {
  const pid = options.pid ?? EPAY_STANDIN_PID;
  const key = options.key ?? EPAY_STANDIN_KEY;
  const trades = new Map<string, EpayTrade>();

  const standin: EpayStandin = {
    url: '',
    env: {},
    trades,
    notifyMethod: 'GET',
    notifyFields(submitted, overrides = {}) {
      const fields: Record<string, string> = {
        pid,
        trade_no: overrides.trade_no ?? `2026${randomBytes(8).toString('hex')}`,
        out_trade_no: submitted.out_trade_no ?? '',
        type: submitted.type ?? 'alipay',
        name: submitted.name ?? '',
        money: submitted.money ?? '',
        trade_status: 'TRADE_SUCCESS',
        ...overrides,
      };
      return { ...fields, sign: epayStandinSign(fields, key), sign_type: 'MD5' };
    },
    async notify(notifyUrl, fields, method = standin.notifyMethod) {
      const query = new URLSearchParams(fields).toString();
      const res =
        method === 'GET'
          ? await fetch(`${notifyUrl}?${query}`)
          : await fetch(notifyUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: query,
            });
      return { status: res.status, text: await res.text() };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', standin.url);
    if (url.pathname !== '/submit.php') {
      res.writeHead(404);
      return res.end('not found');
    }
    const params = Object.fromEntries(url.searchParams);
    const required = ['pid', 'type', 'out_trade_no', 'notify_url', 'return_url', 'name', 'money'];
    const missing = required.filter((k) => !params[k]);
    if (
      missing.length > 0 ||
      params.pid !== pid ||
      params.sign_type !== 'MD5' ||
      params.sign !== epayStandinSign(params, key) ||
      !/^\d+(\.\d{1,2})?$/.test(params.money ?? '')
    ) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<p role="alert">签名错误 / invalid request ${escape(missing.join(','))}</p>`);
    }
    if (req.method === 'POST') {
      await readBody(req);
      let trade = trades.get(params.out_trade_no ?? '');
      if (!trade) {
        const fields = standin.notifyFields(params);
        trade = { tradeNo: fields.trade_no ?? '', params: fields, answers: [] };
        trades.set(params.out_trade_no ?? '', trade);
      }
      // The gateway resends until the merchant answers `success` (a few times here).
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await standin.notify(params.notify_url ?? '', trade.params);
        trade.answers.push(answer.text);
        if (answer.text === 'success') break;
      }
      const back = new URL(params.return_url ?? '/');
      for (const [k, v] of Object.entries(trade.params)) back.searchParams.set(k, v);
      res.writeHead(303, { location: back.toString() });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>收银台</title></head>
<body><main><h1>收银台 (test stand-in)</h1>
<p data-testid="epay-money">${escape(params.money ?? '')}</p>
<p data-testid="epay-type">${escape(params.type ?? '')}</p>
<p>${escape(params.name ?? '')}</p>
<form method="post" action="${escape(`/submit.php${url.search}`)}"><button type="submit">Pay</button></form>
</main></body></html>`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  standin.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  standin.env = {
    EPAY_GATEWAY_URL: standin.url,
    EPAY_MERCHANT_ID: pid,
    EPAY_KEY: key,
  };
  return standin;
}
