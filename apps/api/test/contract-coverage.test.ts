import { endpointNames, endpoints } from '@nimbus/api-sdk/contract';
import { describe, expect, test } from 'vitest';
import { allHandlers } from '../src/handlers.ts';
import { unimplementedEndpoints } from '../src/http/routes.ts';
import { startTestApp } from './support/test-app.ts';

/**
 * Endpoints of the contract this server does not answer yet, each owned by a later server part.
 * A route for a missing handler is never registered; this list is what keeps that explicit:
 * an endpoint without a handler that is not here fails the test, and so does one listed here
 * that has a handler.
 */
const LATER_PARTS = {} as const;

describe('every endpoint of the contract', () => {
  test('has a handler, or belongs to a later server part by name', () => {
    const later = Object.values(LATER_PARTS).flat() as string[];
    expect(unimplementedEndpoints(allHandlers).sort()).toEqual([...later].sort());
  });

  test('is routed under /v4 and /v4/test exactly when it has a handler', async () => {
    const { app, close } = await startTestApp();
    try {
      for (const name of endpointNames) {
        const { path } = endpoints[name];
        for (const prefix of ['/v4', '/v4/test']) {
          expect(
            app.hasRoute({ method: 'POST', url: `${prefix}${path}` }),
            `${prefix}${path}`,
          ).toBe(allHandlers[name] !== undefined);
        }
      }
    } finally {
      await close();
    }
  });
});
