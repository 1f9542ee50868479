import { describe, expect, test } from 'vitest';
import { nodeFieldErrors } from './node-definition.ts';

const node = { key: 'tokyo-1', name: 'Tokyo 1', region: 'JP', host: 'jp1.example.com', port: 443 };

describe('node fields', () => {
  test('a valid node has no problem', () => {
    expect(nodeFieldErrors(node)).toEqual({});
    expect(nodeFieldErrors({ ...node, host: '203.0.113.7', capacityMbps: 10_000 })).toEqual({});
    expect(nodeFieldErrors({ ...node, host: '2001:db8::1' })).toEqual({});
  });

  test.each([
    [{ key: 'Tokyo' }, { key: 'node_key_invalid' }],
    [{ key: '-tokyo' }, { key: 'node_key_invalid' }],
    [{ key: 'a'.repeat(64) }, { key: 'node_key_invalid' }],
    [{ name: ' ' }, { name: 'node_name_invalid' }],
    [{ name: 'Tokyo, 1' }, { name: 'node_name_invalid' }],
    [{ name: 'x'.repeat(65) }, { name: 'node_name_invalid' }],
    [{ region: 'jp' }, { region: 'region_invalid' }],
    [{ region: 'JPN' }, { region: 'region_invalid' }],
    [{ host: 'jp1 example' }, { host: 'host_invalid' }],
    [{ host: '' }, { host: 'host_invalid' }],
    [{ port: 0 }, { port: 'port_invalid' }],
    [{ port: 65_536 }, { port: 'port_invalid' }],
    [{ port: 44.3 }, { port: 'port_invalid' }],
    [{ capacityMbps: 0 }, { capacityMbps: 'capacity_invalid' }],
    [{ capacityMbps: 400_001 }, { capacityMbps: 'capacity_invalid' }],
    [
      { key: '', port: -1 },
      { key: 'node_key_invalid', port: 'port_invalid' },
    ],
  ] as const)('%o: %o', (change, errors) => {
    expect(nodeFieldErrors({ ...node, ...change })).toEqual(errors);
  });
});
