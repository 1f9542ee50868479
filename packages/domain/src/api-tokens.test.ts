import { describe, expect, test } from 'vitest';
import { API_TOKEN_SCOPES, apiTokenAllows, isApiTokenScope } from './api-tokens.ts';
import { OPERATOR_PERMISSIONS } from './operators.ts';

describe('API token scopes', () => {
  test('are console permissions, never the ones that change operators, settings or webhooks', () => {
    for (const scope of API_TOKEN_SCOPES) expect(OPERATOR_PERMISSIONS).toContain(scope);
    for (const never of ['operators.manage', 'settings.manage', 'webhooks.manage'])
      expect(isApiTokenScope(never)).toBe(false);
  });

  test('a token may make a call only when it holds the call permission', () => {
    expect(apiTokenAllows(['users.manage'], 'users.manage')).toBe(true);
    expect(apiTokenAllows(['users.manage'], 'orders.manage')).toBe(false);
    // A scope smuggled into a stored list still cannot reach an operator-only permission.
    expect(apiTokenAllows(['operators.manage'], 'operators.manage')).toBe(false);
  });
});
