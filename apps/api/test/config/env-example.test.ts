import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envExample, envExamplePath } from '../../scripts/env-example.ts';
import { ENV_VARS, INTERNAL_ENV } from '../../src/config/env-schema.ts';
import { loadConfig } from '../../src/config/env.ts';

type Source = Record<string, string | undefined>;

/** Every variable name `loadConfig` looks up for `base` (valid or not). */
function namesRead(base: Source): Set<string> {
  const read = new Set<string>();
  const source = new Proxy(base, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return target[key as string];
    },
  });
  try {
    loadConfig(source, '/tmp', false);
  } catch {
    // an invalid combination still shows which names were read
  }
  return read;
}

const load = (source: Source) => loadConfig(source, '/tmp', false);

describe('.env.example', () => {
  it('is what the env schema generates (pnpm --filter @nimbus/app-api env-example)', () => {
    expect(readFileSync(envExamplePath, 'utf8')).toBe(envExample());
  });

  it('lists every variable the server reads, and only those', () => {
    const read = new Set<string>();
    const sources: Source[] = [
      {},
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' },
      { EXAMPLE_SETTINGS: 'true' },
    ];
    for (const source of sources) for (const name of namesRead(source)) read.add(name);
    for (const name of INTERNAL_ENV) read.delete(name);
    const listed = ENV_VARS.flatMap((v) => v.names);
    expect([...read].sort()).toEqual([...listed].sort());
  });

  it('gives each literal default the value the server takes when the variable is unset', () => {
    // With the payment providers configured, so that their own settings are read too.
    const base: Source = {
      STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      EPAY_GATEWAY_URL: 'https://epay.example.com',
      EPAY_MERCHANT_ID: '1001',
      EPAY_KEY: '0123456789abcdef0123',
    };
    const unset = load(base);
    const differs = ENV_VARS.filter((v) => v.value !== undefined)
      .flatMap((v) => v.names.map((name) => ({ name, value: v.value as string })))
      .filter(({ name, value }) => {
        try {
          expect(load({ ...base, [name]: value })).toEqual(unset);
          return false;
        } catch {
          return true;
        }
      })
      .map(({ name, value }) => `${name}=${value}`);
    expect(differs).toEqual([]);
  });
});

describe('deploy/.env.compose.example', () => {
  const deploy = join(import.meta.dirname, '../../../../deploy');
  const names = (text: string) =>
    [...text.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
  const example = names(readFileSync(join(deploy, '.env.compose.example'), 'utf8'));
  const compose = readFileSync(join(deploy, 'compose.yaml'), 'utf8');
  const composeVars = [
    ...new Set([...compose.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1] as string)),
  ];

  it('names every variable compose.yaml reads', () => {
    expect(composeVars.length).toBeGreaterThan(0);
    expect(composeVars.filter((name) => !example.includes(name))).toEqual([]);
  });

  it('names nothing else than what the server reads', () => {
    const server = new Set(ENV_VARS.flatMap((v) => v.names));
    const unknown = example.filter((name) => !server.has(name) && !composeVars.includes(name));
    expect(unknown).toEqual([]);
  });
});
