import net from 'node:net';
import fc from 'fast-check';
import type { Answer } from './oracle.ts';
import { headerString } from './requests.ts';

/**
 * Raw HTTP/1.1 over a TCP socket, for what `inject` cannot send: broken framing (wrong
 * Content-Length, chunked garbage, both framings at once), bytes that are not UTF-8, control
 * characters and oversized headers. The answer bytes are parsed by hand, every response in them.
 */

export type Framing =
  | { kind: 'content-length' }
  | { kind: 'invalid-utf8'; at: number; bytes: number[] }
  | { kind: 'length-short'; by: number }
  | { kind: 'length-long'; by: number }
  | { kind: 'length-garbage'; value: string }
  | { kind: 'chunked' }
  | { kind: 'chunked-garbage'; size: string }
  | { kind: 'both-framings' }
  | { kind: 'control-in-header'; char: number }
  | { kind: 'duplicate-language'; second: string }
  | { kind: 'huge-header'; bytes: number }
  | { kind: 'bad-request-line'; line: string };

export const framingArb: fc.Arbitrary<Framing> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'content-length' } as const) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.nat(),
        fc.array(fc.constantFrom(0xff, 0xfe, 0xc0, 0xc3, 0xed, 0xa0, 0x80, 0xf8, 0xf4, 0x90), {
          minLength: 1,
          maxLength: 4,
        }),
      )
      .map(([at, bytes]) => ({ kind: 'invalid-utf8', at, bytes }) as const),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 40 }).map((by) => ({ kind: 'length-short', by }) as const),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 1, max: 400 }).map((by) => ({ kind: 'length-long', by }) as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('-1', 'abc', '1e3', '0x10', '', '99999999999999999999', '5, 6')
      .map((value) => ({ kind: 'length-garbage', value }) as const),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'chunked' } as const) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('zz', '-1', 'ffffffffffffffffff', '5;ext="', '', ' 5', '0x5')
      .map((size) => ({ kind: 'chunked-garbage', size }) as const),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'both-framings' } as const) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(0x00, 0x01, 0x0b, 0x1b, 0x7f)
      .map((char) => ({ kind: 'control-in-header', char }) as const),
  },
  {
    weight: 1,
    arbitrary: headerString(10).map((second) => ({ kind: 'duplicate-language', second }) as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(20_000, 70_000)
      .map((bytes) => ({ kind: 'huge-header', bytes }) as const),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        'POST  HTTP/1.1',
        'POST /v4/api/x HTTP/9.9',
        'P\u0000ST / HTTP/1.1',
        'POST /v4/%zz HTTP/1.1',
        'GET',
      )
      .map((line) => ({ kind: 'bad-request-line', line }) as const),
  },
);

/**
 * The request's bytes with its framing applied. Every request asks the server to close afterwards.
 */
export function rawBytes(
  method: string,
  url: string,
  headers: Record<string, string>,
  payload: Buffer,
  framing: Framing,
): Buffer {
  let body = payload;
  const lines = [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  switch (framing.kind) {
    case 'invalid-utf8': {
      const at = body.length === 0 ? 0 : framing.at % body.length;
      body = Buffer.concat([body.subarray(0, at), Buffer.from(framing.bytes), body.subarray(at)]);
      lines.push(`Content-Length: ${body.length}`);
      break;
    }
    case 'length-short':
      lines.push(`Content-Length: ${Math.max(0, body.length - framing.by)}`);
      break;
    case 'length-long':
      lines.push(`Content-Length: ${body.length + framing.by}`);
      break;
    case 'length-garbage':
      lines.push(`Content-Length: ${framing.value}`);
      break;
    case 'chunked':
    case 'chunked-garbage':
    case 'both-framings': {
      const size = framing.kind === 'chunked-garbage' ? framing.size : body.length.toString(16);
      if (framing.kind === 'both-framings') lines.push(`Content-Length: ${body.length}`);
      lines.push('Transfer-Encoding: chunked');
      body = Buffer.concat([
        Buffer.from(`${size}\r\n`, 'latin1'),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
      break;
    }
    case 'control-in-header':
      lines.push(
        `X-Fuzz: a${String.fromCharCode(framing.char)}b`,
        `Content-Length: ${body.length}`,
      );
      break;
    case 'duplicate-language':
      lines.push(`language: ${framing.second}`, `Content-Length: ${body.length}`);
      break;
    case 'huge-header':
      lines.push(`X-Fuzz: ${'x'.repeat(framing.bytes)}`, `Content-Length: ${body.length}`);
      break;
    case 'bad-request-line':
      lines[0] = framing.line;
      lines.push(`Content-Length: ${body.length}`);
      break;
    default:
      lines.push(`Content-Length: ${body.length}`);
      break;
  }
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/** Splits the bytes a server sent into HTTP responses (bodies framed by Content-Length). */
export function parseResponses(bytes: Buffer): { answers: Answer[]; rest: string } {
  const answers: Answer[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    const end = bytes.indexOf('\r\n\r\n', offset, 'latin1');
    if (end === -1) break;
    const [statusLine = '', ...headerLines] = bytes
      .subarray(offset, end)
      .toString('latin1')
      .split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    const headers: Answer['headers'] = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? NaN);
    if (!Number.isFinite(status) || !Number.isFinite(length)) break;
    const bodyStart = end + 4;
    answers.push({
      status,
      headers,
      body: bytes.subarray(bodyStart, bodyStart + length).toString('utf8'),
    });
    offset = bodyStart + length;
  }
  return { answers, rest: bytes.subarray(offset).toString('latin1') };
}

/**
 * Sends the bytes and collects everything until the server closes. A body announced longer
 * than sent would keep the server waiting, so the client ends its side after `endAfterMs`.
 */
export function sendRaw(
  port: number,
  bytes: Buffer,
  options: { endAfterMs?: number; timeoutMs?: number } = {},
): Promise<{ bytes: Buffer; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(ender);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 10_000);
    const ender =
      options.endAfterMs === undefined
        ? undefined
        : setTimeout(() => socket.end(), options.endAfterMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    // A reset after the server answered and closed is normal for a refused request.
    socket.on('error', () => finish(true));
    socket.write(bytes);
  });
}
