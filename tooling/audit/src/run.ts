/**
 * The dependency audit gate (the `test` script of @nimbus/audit, so CI runs it with every
 * `turbo run test`): `pnpm audit --json` over the production and the development dependencies of
 * the whole workspace, judged against allow-list.json. Exit code 1 on any advisory of severity
 * moderate or above that is not allowed, on an expired or malformed allow-list entry, and when
 * the audit cannot run (unless a reviewed, dated waiver in the allow-list covers that failure).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  evaluate,
  evaluateUnavailable,
  formatVerdict,
  mergeFindings,
  auditOutcome,
  parseAllowList,
  type AuditOutcome,
} from './audit.ts';

const here = import.meta.dirname;
const repoRoot = path.resolve(here, '../../..');
const allowListPath = path.resolve(here, '../allow-list.json');
const TIMEOUT_MS = Number(process.env.AUDIT_TIMEOUT_MS ?? 180_000);

function runAudit(scope: 'prod' | 'dev'): Promise<AuditOutcome> {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['audit', '--json', `--${scope}`], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve({
        ok: false,
        code: 'TIMEOUT',
        message: `pnpm audit --${scope} did not answer within ${TIMEOUT_MS / 1000} s`,
      });
    }, TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, code: 'SPAWN', message: `could not run pnpm: ${error.message}` });
    });
    child.on('close', () => {
      clearTimeout(timer);
      // pnpm exits 1 when it finds advisories: the report decides, not the exit code.
      resolve(auditOutcome(stdout, stderr, scope));
    });
  });
}

async function main(): Promise<number> {
  const allow = parseAllowList(JSON.parse(readFileSync(allowListPath, 'utf8')) as unknown);
  if (!allow.ok) {
    console.error(
      `FAIL: tooling/audit/allow-list.json is malformed:\n${allow.problems.map((p) => `  ${p}`).join('\n')}`,
    );
    return 1;
  }
  const now = Date.now();
  const outcomes = await Promise.all([runAudit('prod'), runAudit('dev')]);
  const failed = outcomes.find((o): o is Extract<AuditOutcome, { ok: false }> => !o.ok);
  if (failed) {
    const unavailable = evaluateUnavailable(failed, allow.list, now);
    const banner = [
      'The dependency audit could not run: the registry did not give an audit report.',
      `  ${failed.code}: ${failed.message}`,
    ];
    if (unavailable.pass && unavailable.waiver) {
      console.warn(
        [
          '!'.repeat(100),
          'WARNING: NO DEPENDENCY AUDIT HAPPENED IN THIS RUN.',
          ...banner,
          `A reviewed waiver lets the gate pass until ${unavailable.waiver.reviewBy} (${unavailable.waiver.reviewedBy}):`,
          `  ${unavailable.waiver.reason}`,
          'After that date this fails until someone reviews it again (tooling/audit/allow-list.json, "auditUnavailable").',
          '!'.repeat(100),
        ].join('\n'),
      );
      return 0;
    }
    console.error(
      [
        'FAIL:',
        ...banner,
        unavailable.expired.length > 0
          ? `The waiver for this failure expired on ${unavailable.expired.map((w) => w.reviewBy).join(', ')}: review it again.`
          : 'No reviewed waiver covers this failure: check the registry access (pnpm config get registry) or add a dated waiver.',
      ].join('\n'),
    );
    return 1;
  }
  const findings = mergeFindings(outcomes.map((o) => (o.ok ? o.findings : [])));
  const dependencies = outcomes.reduce((sum, o) => sum + (o.ok ? (o.dependencies ?? 0) : 0), 0);
  const verdict = evaluate(findings, allow.list, now);
  const report = formatVerdict(verdict, dependencies);
  if (verdict.pass) console.log(report);
  else console.error(report);
  // A waiver is for outages: while the audit runs, an expired one is only noise to clean up.
  return verdict.pass ? 0 : 1;
}

process.exitCode = await main();
