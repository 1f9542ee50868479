import { describe, expect, test } from 'vitest';
import { endpoints } from '../endpoints.ts';
import { adminEndpointNames, adminEndpoints } from './admin-endpoints.ts';
import { adminSchemas } from './admin-schemas.ts';

describe('console catalogue', () => {
  test('schemas has exactly the console calls', () => {
    expect(Object.keys(adminSchemas).sort()).toEqual([...adminEndpointNames].sort());
  });

  test('every call is under /api/admin/, once, and no member call is', () => {
    const paths = Object.values(adminEndpoints).map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/api\/admin\/[a-z_]+$/);
    for (const member of Object.values(endpoints))
      expect(member.path).not.toMatch(/^\/api\/admin\//);
  });

  test('only signing in is public, and reads are marked', () => {
    const publicCalls = adminEndpointNames.filter((n) => adminEndpoints[n].access === 'public');
    expect(publicCalls).toEqual(['adminLogin']);
  });
});
