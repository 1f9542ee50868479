import { createRequire } from 'node:module';
import { randomInt } from 'node:crypto';
import {
  endpoints,
  schemas,
  type EndpointName,
  type Envelope,
  type RequestOf,
  type ResponseOf,
} from '@nimbus/api-sdk/contract';
import { NONCE_ALPHABET, NONCE_LENGTH } from '@nimbus/domain';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { expect } from 'vitest';
import { validatorFor } from '../../src/http/validator.ts';

// jsencrypt is what the apps sign with; its CommonJS build is the one that loads in Node.
const JSEncrypt = createRequire(import.meta.url)('jsencrypt') as new () => {
  setPublicKey(pem: string): void;
  encryptOAEP(text: string): string | false;
};

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export function nonce(): string {
  let n = '';
  for (let i = 0; i < NONCE_LENGTH; i++)
    n += NONCE_ALPHABET.charAt(randomInt(NONCE_ALPHABET.length));
  return n;
}

/** Encrypts a payload exactly as the browser client does (jsencrypt OAEP with the platform key). */
export function sign(
  publicPem: string,
  payload: object,
  timestamp = Date.now(),
  n = nonce(),
): string {
  const encrypt = new JSEncrypt();
  encrypt.setPublicKey(publicPem);
  const signature = encrypt.encryptOAEP(JSON.stringify({ ...payload, nonce: n, timestamp }));
  if (signature === false) throw new Error('payload too large to sign');
  return signature;
}

/**
 * A client that behaves like the apps' SDK: it keeps the session token from `pragma` and the
 * device id from `deviceId`, sends them back, and checks every successful answer against the
 * contract's response schema.
 */
export class Client {
  token: string | undefined;
  deviceId: string | undefined;
  language = 'en';
  platform = 'windows';

  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
    readonly prefix = '/v4',
  ) {}

  headers(): Record<string, string> {
    return {
      language: this.language,
      platform: this.platform,
      ...(this.token ? { authorization: this.token } : {}),
      ...(this.deviceId ? { deviceid: this.deviceId } : {}),
    };
  }

  async raw(
    pathname: string,
    payload: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await this.app.inject({
      method: 'POST',
      url: pathname,
      payload: payload as object,
      headers: { 'content-type': 'application/json', ...this.headers(), ...headers },
      remoteAddress: this.ip,
    });
    const deviceId = res.headers.deviceid;
    if (typeof deviceId === 'string') this.deviceId = deviceId;
    const token = res.headers.pragma;
    if (typeof token === 'string' && token !== 'no-cache') this.token = token;
    return { status: res.statusCode, body: res.json<Envelope>(), headers: res.headers };
  }

  async call<N extends EndpointName>(
    name: N,
    input: RequestOf<N> | Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer<ResponseOf<N>>> {
    const answer = await this.raw(`${this.prefix}${endpoints[name].path}`, input, headers);
    if (answer.body.code === 200) {
      const validator = validatorFor(schemas[name].response as TSchema);
      expect(
        validator.Check(answer.body.data),
        `${name} answered data outside its contract: ${JSON.stringify(validator.Errors(answer.body.data))}`,
      ).toBe(true);
    }
    return answer as Answer<ResponseOf<N>>;
  }

  /** Calls and expects success; returns the data. */
  async ok<N extends EndpointName>(
    name: N,
    input: RequestOf<N> | Record<string, unknown>,
  ): Promise<ResponseOf<N>> {
    const answer = await this.call(name, input);
    expect(answer.body, `${name} failed`).toMatchObject({ code: 200, status: 'OK' });
    return answer.body.data;
  }

  private publicKeys: Record<string, string> | undefined;

  async signedCall<N extends EndpointName>(
    name: N,
    payload: RequestOf<N> | Record<string, unknown>,
    options: { timestamp?: number; nonce?: string } = {},
  ) {
    this.publicKeys ??= (await this.ok('systemPublicKeys', {})).keys;
    const pem = this.publicKeys[this.platform] ?? '';
    return this.call(name, { signature: sign(pem, payload, options.timestamp, options.nonce) });
  }
}
