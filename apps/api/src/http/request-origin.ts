import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, what a dual-stack socket reports) as IPv4. */
function plainAddress(address: string): string {
  return address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

function isLoopback(address: string): boolean {
  const plain = plainAddress(address);
  return plain === '::1' || /^127\.\d+\.\d+\.\d+$/.test(plain);
}

/**
 * The origin the browser used to reach this very server (`http://127.0.0.1:8080` when the
 * product is browsed there while PUBLIC_URL says `http://localhost:8080`), or undefined when it
 * cannot be trusted. The Host header is the caller's to write, so it counts only when it names
 * where the connection really arrived: an IP literal equal to the socket's local address, or
 * `localhost` on a loopback connection, with the socket's local port. Any other name (a spoofed
 * `Host: evil.example`, a proxy's public name) gives undefined, and callers keep PUBLIC_URL.
 */
export function ownRequestOrigin(request: FastifyRequest): string | undefined {
  const host = request.headers.host;
  const { localAddress, localPort } = request.socket;
  if (typeof host !== 'string' || !localAddress || !localPort) return undefined;
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host.trim());
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? 80 : Number(match[2]);
  if (port !== localPort) return undefined;
  const hostname = match[1].toLowerCase();
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (hostname === 'localhost') {
    if (!isLoopback(localAddress)) return undefined;
  } else if (isIP(literal) === 0 || plainAddress(literal) !== plainAddress(localAddress)) {
    return undefined;
  }
  return `http://${hostname}:${localPort}`;
}

/**
 * `url` moved onto `origin` when it is on this server's public origin (the sandbox checkout a
 * purchase answers with): outside production a buyer browsing at another of the server's own
 * addresses stays on it, where their session is. Other URLs (a provider's hosted page) as given.
 */
export function onOrigin(url: string, publicUrl: string, origin: string | undefined): string {
  if (origin === undefined || origin === publicUrl) return url;
  return url === publicUrl || url.startsWith(`${publicUrl}/`)
    ? `${origin}${url.slice(publicUrl.length)}`
    : url;
}
