import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { describePayments } from '../../src/config/payments-check.ts';
import { startTestApp } from '../support/test-app.ts';

/**
 * Issue 15, item 6: with NODE_ENV=production and PAYMENT_SANDBOX=true anyone bought membership for
 * free through /pay/sandbox/<id>, and nothing said so. Production now refuses to start with the
 * sandbox on unless PAYMENT_SANDBOX_IN_PRODUCTION=true acknowledges it; then every start logs a
 * warning and `pnpm ops check` shows it.
 */

const PRODUCTION = { NODE_ENV: 'production', SERVER_SECRET: 'ab'.repeat(32) };

describe('the sandbox in production', () => {
  test('PAYMENT_SANDBOX=true alone refuses to start, naming the acknowledgement', () => {
    let refused: unknown;
    try {
      loadConfig({ ...PRODUCTION, PAYMENT_SANDBOX: 'true' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems.join('\n')).toMatch(
      /PAYMENT_SANDBOX=true in production .*PAYMENT_SANDBOX_IN_PRODUCTION=true/,
    );
    // Outside production the sandbox is the default and needs nothing.
    expect(loadConfig({ NODE_ENV: 'development' }).payments.sandbox).toBe(true);
  });

  test('acknowledged, it starts, warns at every start, and ops check says so', async () => {
    const env = { ...PRODUCTION, PAYMENT_SANDBOX: 'true', PAYMENT_SANDBOX_IN_PRODUCTION: 'true' };
    const config = loadConfig(env);
    expect(config.payments.sandbox).toBe(true);
    expect(describePayments(config, ['USD']).warnings.join('\n')).toMatch(
      /PAYMENT_SANDBOX is on in production.*without paying/,
    );

    for (let start = 0; start < 2; start++) {
      const lines: string[] = [];
      const t = await startTestApp({
        env: { ...env, LOG_LEVEL: 'info' },
        logStream: { write: (line) => lines.push(line) },
      });
      await t.close();
      const warnings = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40);
      expect(warnings.map((w) => w.msg).join('\n')).toMatch(
        /PAYMENT_SANDBOX is on in production.*without paying/,
      );
    }
  });

  test('a production server without the sandbox warns about nothing of the kind', async () => {
    const lines: string[] = [];
    const t = await startTestApp({
      env: { ...PRODUCTION, LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    await t.close();
    expect(lines.join('')).not.toMatch(/PAYMENT_SANDBOX/);
  });
});
