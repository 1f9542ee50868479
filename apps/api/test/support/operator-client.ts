import {
  adminEndpoints,
  adminSchemas,
  type AdminEndpointName,
  type AdminRequestOf,
  type AdminResponseOf,
  type Envelope,
} from '@nimbus/api-sdk/contract';
import type { OperatorRole } from '@nimbus/domain';
import type { FastifyInstance } from 'fastify';
import type { TSchema } from 'typebox';
import { expect } from 'vitest';
import { createOperator, totpCode } from '../../src/operators/index.ts';
import { validatorFor } from '../../src/http/validator.ts';
import type { Answer } from './client.ts';
import type { TestApp } from './test-app.ts';

/**
 * A console client as the admin app's SDK behaves: it keeps the operator token from `pragma`,
 * sends it back, and checks every successful answer against the console contract.
 */
export class OperatorClient {
  token: string | undefined;
  language = 'en';

  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async call<N extends AdminEndpointName>(
    name: N,
    input: AdminRequestOf<N> | Record<string, unknown>,
  ): Promise<Answer<AdminResponseOf<N>>> {
    const res = await this.app.inject({
      method: 'POST',
      url: `/v4${adminEndpoints[name].path}`,
      payload: input as object,
      headers: {
        'content-type': 'application/json',
        language: this.language,
        ...(this.token ? { authorization: this.token } : {}),
      },
      remoteAddress: this.ip,
    });
    const token = res.headers.pragma;
    if (typeof token === 'string' && token !== 'no-cache') this.token = token;
    const body = res.json<Envelope<AdminResponseOf<N>>>();
    if (body.code === 200) {
      const validator = validatorFor(adminSchemas[name].response as TSchema);
      expect(
        validator.Check(body.data),
        `${name} answered data outside its contract: ${JSON.stringify(validator.Errors(body.data))}`,
      ).toBe(true);
    }
    return { status: res.statusCode, body, headers: res.headers };
  }

  async ok<N extends AdminEndpointName>(
    name: N,
    input: AdminRequestOf<N> | Record<string, unknown>,
  ): Promise<AdminResponseOf<N>> {
    const answer = await this.call(name, input);
    expect(answer.body, `${name} failed`).toMatchObject({ code: 200, status: 'OK' });
    return answer.body.data;
  }
}

export interface SignedInOperator {
  client: OperatorClient;
  operatorId: number;
  username: string;
  password: string;
  /** The authenticator secret (base32): the test is the operator's authenticator app. */
  secret: string;
  recoveryCodes: string[];
}

let serial = 0;

/**
 * An operator of a role who has signed in with the first password, enrolled the authenticator and
 * holds a full session. The clock moves past the enrolment code's time step, so the next code a
 * test computes is a fresh one.
 */
export async function enrolledOperator(
  t: TestApp,
  role: OperatorRole,
  username = `${role}${++serial}${Math.random().toString(36).slice(2, 6)}`,
): Promise<SignedInOperator> {
  const { operator, password } = await createOperator(
    t.app.services,
    { username, role },
    'ops:test',
    t.clock.now,
  );
  const client = new OperatorClient(t.app);
  await client.ok('adminLogin', { username, password });
  const { secret } = await client.ok('adminEnrolStart', {});
  const { recoveryCodes } = await client.ok('adminEnrolConfirm', {
    code: totpCode(secret, t.clock.now),
  });
  t.clock.advance(30_000);
  return {
    client,
    operatorId: Number(operator.operatorId),
    username,
    password,
    secret,
    recoveryCodes,
  };
}
