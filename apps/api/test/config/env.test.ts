import path from 'node:path';
import { INVITED_TRIAL_MINUTES_DEFAULT } from '@nimbus/domain';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

describe('configuration from the environment', () => {
  test('has documented defaults: localhost:8080, SQLite under ./data, apps from their dist folders', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      mode: 'development',
      host: 'localhost',
      port: 8080,
      repoRoot,
      dataDir: path.join(repoRoot, 'data'),
      sqlitePath: path.join(repoRoot, 'data/nimbus.sqlite'),
      keysDir: path.join(repoRoot, 'data/keys'),
      databaseUrl: undefined,
      corsOrigins: [],
      bodyLimitBytes: 65_536,
      invitedTrialMinutes: INVITED_TRIAL_MINUTES_DEFAULT,
      trialDevicesAllowed: 2,
      publicUrl: 'http://localhost:8080',
      publicUrlGiven: false,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      apps: {
        marketing: path.join(repoRoot, 'apps/marketing/dist'),
        account: path.join(repoRoot, 'apps/account/dist'),
        affiliate: path.join(repoRoot, 'apps/affiliate/dist'),
        admin: path.join(repoRoot, 'apps/admin/dist'),
      },
    });
  });

  test('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '9000',
      DATA_DIR: '/var/lib/nimbus',
      DATABASE_URL: 'postgres://u@db/nimbus',
      DATABASE_SCHEMA: 'nimbus',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      BODY_LIMIT_BYTES: '4096',
      TRUST_PROXY: '1',
      INVITED_TRIAL_MINUTES: '60',
      TRIAL_DEVICES_ALLOWED: '3',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MAIL_FROM: 'N <n@example.com>',
      SMS_WEBHOOK_URL: 'https://sms.example/send',
      SMS_WEBHOOK_TOKEN: 't',
      SERVER_SECRET: 'ab'.repeat(32),
      CSP_CONNECT_SRC: 'https://rpc.example',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
      port: 9000,
      dataDir: '/var/lib/nimbus',
      databaseSchema: 'nimbus',
      corsOrigins: ['https://a.example', 'https://b.example'],
      bodyLimitBytes: 4096,
      trustProxy: 1,
      invitedTrialMinutes: 60,
      trialDevicesAllowed: 3,
      mailFrom: 'N <n@example.com>',
      cspConnectSrc: ['https://rpc.example'],
      logLevel: 'warn',
    });
    expect(config.serverSecret?.length).toBe(32);
  });

  test('logs human-formatted lines in development on a terminal, JSON lines otherwise', () => {
    const format = (env: Record<string, string>, tty: boolean) =>
      loadConfig(env, '/srv/nimbus', tty).logFormat;
    expect(format({}, true)).toBe('pretty');
    expect(format({}, false)).toBe('json');
    expect(format({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(format({ NODE_ENV: 'test' }, true)).toBe('json');
    expect(format({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(format({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(() => format({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, true)).toThrow(
      /LOG_FORMAT=pretty is for development/,
    );
    expect(() => format({ LOG_FORMAT: 'text' }, true)).toThrow(/LOG_FORMAT must be json or pretty/);
  });

  test('reports every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '99999',
        DATABASE_URL: 'mysql://x',
        CORS_ORIGINS: 'https://ok.example,https://bad.example/path',
        SERVER_SECRET: 'abcd',
        NODE_ENV: 'staging',
        SIGNING_KEY_MAC: 'not a pem',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  test('example settings show the whole product outside production; the environment still wins', () => {
    const plain = loadConfig({});
    expect(plain.exampleSettings).toBe(false);
    expect(plain.site.features.groupBuy).toBe(false);
    expect(plain.site.notices).toEqual([]);

    const now = Date.now();
    const config = loadConfig({ EXAMPLE_SETTINGS: 'true', BLOG_URL: 'https://blog.nimbus.test/' });
    expect(config.exampleSettings).toBe(true);
    expect(config.site.features.groupBuy).toBe(true);
    // The group-buy window is open now.
    expect(config.site.groupBuy.startsAt).toBeLessThan(now);
    expect(config.site.groupBuy.endsAt).toBeGreaterThan(now + 29 * 86_400_000);
    expect(config.site.downloads.every((d) => d.storeUrl ?? d.packageUrl)).toBe(true);
    expect(config.site.links.status).toBe('https://status.example.com/');
    expect(config.site.links.githubMirrors).toHaveLength(1);
    // Given values win over the examples, and the notice says they are examples.
    expect(config.site.links.blog).toBe('https://blog.nimbus.test/');
    expect(config.site.notices.map((n) => n.id)).toEqual(['example-settings']);
    expect(config.site.notices[0]?.text.en).toMatch(/^Example settings/);

    expect(
      loadConfig({ EXAMPLE_SETTINGS: 'true', GROUP_BUY_ENABLED: 'false' }).site.features.groupBuy,
    ).toBe(false);
  });

  test('example settings are refused in production', () => {
    let error: unknown;
    try {
      loadConfig({
        NODE_ENV: 'production',
        EXAMPLE_SETTINGS: 'true',
        PUBLIC_URL: 'https://nimbus.test',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toContain(
      'EXAMPLE_SETTINGS must not be on in production (it shows sample links)',
    );
  });
});
