import { endpointNames, endpoints } from '@nimbus/api-sdk/contract';
import { describe, expect, test } from 'vitest';
import { allHandlers } from '../../src/handlers.ts';
import { startTestApp } from '../support/test-app.ts';

describe('every endpoint of the contract', () => {
  // The handler map is typed total (Handlers<Services>), so a missing handler does not compile;
  // this checks the same at run time, where a cast could hide one.
  test('has a handler', () => {
    expect(endpointNames.filter((name) => typeof allHandlers[name] !== 'function')).toEqual([]);
  });

  test('is routed under /v4 and /v4/test', async () => {
    const { app, close } = await startTestApp();
    try {
      for (const name of endpointNames) {
        const { path } = endpoints[name];
        for (const prefix of ['/v4', '/v4/test']) {
          expect(
            app.hasRoute({ method: 'POST', url: `${prefix}${path}` }),
            `${prefix}${path}`,
          ).toBe(true);
        }
      }
    } finally {
      await close();
    }
  });
});
