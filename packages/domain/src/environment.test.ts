import { describe, expect, test } from 'vitest';
import { apiPrefixFor, environmentFromHostname, isMarketingPath } from './environment.ts';

describe('environment from hostname', () => {
  test.each([
    ['localhost', 'DEV'],
    ['127.0.0.1', 'DEV'],
    ['dev.nimbus.example', 'DEV'],
    ['192.168.1.20', 'DEV'],
    ['test.nimbus.example', 'TEST'],
    ['TEST.nimbus.example', 'TEST'],
    ['nimbus.example', 'PROD'],
    ['www.nimbus.example', 'PROD'],
    ['mydev.nimbus.example', 'PROD'],
    ['10.0.0.5', 'PROD'],
    ['localhost:8080', 'DEV'],
    ['test.nimbus.example:443', 'TEST'],
    ['nimbus.example.', 'PROD'],
  ])('%s is %s', (host, env) => {
    expect(environmentFromHostname(host)).toBe(env);
  });

  test.each([
    ['PROD', '/v4'],
    ['TEST', '/v4/test'],
    ['DEV', '/v4/test'],
  ] as const)('%s uses the prefix %s', (env, prefix) => {
    expect(apiPrefixFor(env)).toBe(prefix);
  });

  test.each([
    ['/api/marketing/track', true],
    ['/api/system/system_user_info', false],
  ])('%s goes to the marketing host: %s', (path, expected) => {
    expect(isMarketingPath(path)).toBe(expected);
  });
});
