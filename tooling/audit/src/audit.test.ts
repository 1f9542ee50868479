import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  auditOutcome,
  evaluate,
  evaluateUnavailable,
  formatVerdict,
  mergeFindings,
  parseAllowList,
  parseAuditOutput,
  type AllowList,
  type Finding,
} from './audit.ts';

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../fixtures', name), 'utf8');
const NOW = Date.UTC(2026, 10, 26, 12);

function findingsOf(name: string, scope: string): Finding[] {
  const outcome = parseAuditOutput(fixture(name), scope);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.message}`);
  return outcome.findings;
}

const entry = (over: Partial<AllowList['advisories'][number]> = {}) => ({
  id: 'GHSA-xw2f-9c4m-q7vh',
  package: 'fixture-http-lib',
  reason: 'only the client half is used, against our own loopback server',
  reviewedBy: 'security review',
  reviewBy: '2026-12-31',
  ...over,
});
const list = (
  advisories: AllowList['advisories'] = [],
  auditUnavailable: AllowList['auditUnavailable'] = [],
): AllowList => ({ advisories, auditUnavailable });

describe('reading pnpm audit --json', () => {
  test('a report: every advisory with package, severity, ids, versions and paths', () => {
    const outcome = parseAuditOutput(fixture('report-prod-synthetic.json'), 'prod');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.dependencies).toBe(415);
    expect(outcome.findings.map((f) => [f.package, f.severity, f.id, f.ghsa])).toEqual([
      ['fixture-http-lib', 'high', '1100001', 'GHSA-xw2f-9c4m-q7vh'],
      ['fixture-yaml', 'moderate', '1100002', 'GHSA-3p5v-8m2c-r4jw'],
      ['fixture-color', 'low', '1100003', 'GHSA-6c9q-h4f2-w7mx'],
    ]);
    expect(outcome.findings[1]).toMatchObject({
      versions: ['1.8.2'],
      paths: ['apps__api>fixture-yaml', 'apps__api>fixture-config>fixture-yaml'],
      vulnerableVersions: '<1.9.0',
      patchedVersions: '>=1.9.0',
      scopes: ['prod'],
    });
  });

  test('a clean report has no findings', () => {
    expect(parseAuditOutput(fixture('report-clean-synthetic.json'), 'prod')).toEqual({
      ok: true,
      findings: [],
      dependencies: 415,
    });
  });

  test("the error pnpm 10 prints when the registry refuses the audit (captured on this project's machines) is a failure", () => {
    const outcome = parseAuditOutput(fixture('pnpm-10.34.8-endpoint-405.json'), 'prod');
    expect(outcome).toMatchObject({ ok: false, code: 'ERR_PNPM_AUDIT_BAD_RESPONSE' });
    if (!outcome.ok) expect(outcome.message).toContain('responded with 405');
  });

  test("the error pnpm 12 prints when the registry refuses the audit (captured on this project's machines) is a failure", () => {
    const outcome = auditOutcome('', fixture('pnpm-12.21.0-bulk-405.stderr.txt'), 'prod');
    expect(outcome).toMatchObject({ ok: false, code: 'NOT_JSON' });
    if (!outcome.ok)
      expect(outcome.message).toContain(
        'ERR_PNPM_AUDIT_BAD_RESPONSE The audit endpoint (at <registry>/-/npm/v1/security/ advisories/bulk) responded with 405:',
      );
  });

  test('what --ignore-registry-errors prints (plain text, exit code 0) is a failure, never an empty report', () => {
    const outcome = parseAuditOutput(fixture('pnpm-10.34.8-ignore-registry-errors.txt'), 'prod');
    expect(outcome).toMatchObject({ ok: false, code: 'NOT_JSON' });
  });

  test.each([
    ['nothing', ''],
    ['a JSON array', '[]'],
    ['JSON without advisories', '{"metadata":{}}'],
    ['truncated JSON', fixture('report-prod-synthetic.json').slice(0, 200)],
  ])('%s is a failure', (_name, stdout) => {
    expect(parseAuditOutput(stdout, 'prod').ok).toBe(false);
  });

  test('an unknown severity counts as critical (never silently low)', () => {
    const report = JSON.parse(fixture('report-prod-synthetic.json')) as {
      advisories: Record<string, { severity: string }>;
    };
    const first = report.advisories['1100003'];
    if (first) first.severity = 'severe';
    const outcome = parseAuditOutput(JSON.stringify(report), 'prod');
    expect(outcome.ok && outcome.findings.find((f) => f.id === '1100003')?.severity).toBe(
      'critical',
    );
  });

  test('production and development findings merge: one advisory once, with both scopes, versions and paths', () => {
    const merged = mergeFindings([
      findingsOf('report-prod-synthetic.json', 'prod'),
      findingsOf('report-dev-synthetic.json', 'dev'),
    ]);
    expect(merged.map((f) => f.package)).toEqual([
      'fixture-bundler',
      'fixture-http-lib',
      'fixture-yaml',
      'fixture-color',
    ]);
    expect(merged.find((f) => f.package === 'fixture-http-lib')).toMatchObject({
      scopes: ['prod', 'dev'],
      versions: ['2.3.0', '2.3.1'],
      paths: ['apps__api>fixture-http-lib', 'tooling__e2e>fixture-http-lib'],
    });
  });
});

describe('the allow-list', () => {
  test('the committed allow-list is valid', () => {
    const parsed = parseAllowList(JSON.parse(fixture('../allow-list.json')) as unknown);
    expect(parsed.ok ? [] : parsed.problems).toEqual([]);
  });

  test('every field is required, ids and dates are checked, and all problems are listed at once', () => {
    const parsed = parseAllowList({
      advisories: [
        { id: 'CVE-2026-1', package: 'x', reason: 'r', reviewedBy: 'me', reviewBy: '2026-12-31' },
        {
          id: 'GHSA-xw2f-9c4m-q7vh',
          package: '',
          reason: '',
          reviewedBy: 'me',
          reviewBy: '2026-02-30',
        },
        'not an object',
      ],
      auditUnavailable: [{ match: '405', reason: 'r', reviewedBy: 'me', reviewBy: '31/12/2026' }],
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problems).toEqual([
      'advisories[0]: "id" must be a GHSA id or an npm advisory number',
      'advisories[1]: "package" is required',
      'advisories[1]: "reason" is required',
      'advisories[1]: "reviewBy" must be a date YYYY-MM-DD',
      'advisories[2] must be an object',
      'auditUnavailable[0]: "match" must quote the failure (at least 8 characters)',
      'auditUnavailable[0]: "reviewBy" must be a date YYYY-MM-DD',
    ]);
  });

  test('an empty object is an empty list', () => {
    expect(parseAllowList({})).toEqual({ ok: true, list: list() });
  });
});

describe('the verdict', () => {
  const findings = () =>
    mergeFindings([
      findingsOf('report-prod-synthetic.json', 'prod'),
      findingsOf('report-dev-synthetic.json', 'dev'),
    ]);

  test('without an allow-list every moderate-or-above advisory fails; low ones are notes', () => {
    const verdict = evaluate(findings(), list(), NOW);
    expect(verdict.pass).toBe(false);
    expect(verdict.blocking.map((f) => f.package)).toEqual([
      'fixture-bundler',
      'fixture-http-lib',
      'fixture-yaml',
    ]);
    expect(verdict.notes.map((f) => f.package)).toEqual(['fixture-color']);
    const text = formatVerdict(verdict, 1105);
    expect(text).toContain('FAIL: advisories not in tooling/audit/allow-list.json');
    expect(text).toContain('CRITICAL fixture-bundler@8.0.0 GHSA-9v8r-2hcj-m3qf');
    expect(text).toMatch(/FAIL$/);
  });

  test('allowed by GHSA id or by advisory number, only for the named package', () => {
    const allowed = [
      entry(),
      entry({ id: '1100002', package: 'fixture-yaml' }),
      entry({ id: 'GHSA-9v8r-2hcj-m3qf', package: 'fixture-other' }),
    ];
    const verdict = evaluate(findings(), list(allowed), NOW);
    expect(verdict.allowed.map((a) => a.finding.package)).toEqual([
      'fixture-http-lib',
      'fixture-yaml',
    ]);
    expect(verdict.blocking.map((f) => f.package)).toEqual(['fixture-bundler']);
    expect(verdict.unused.map((e) => e.package)).toEqual(['fixture-other']);
    expect(verdict.pass).toBe(false);
  });

  test('everything allowed passes, and the report says why each is allowed', () => {
    const allowed = [
      entry(),
      entry({ id: '1100002', package: 'fixture-yaml' }),
      entry({
        id: 'GHSA-9v8r-2hcj-m3qf',
        package: 'fixture-bundler',
        reason: 'dev server never exposed',
      }),
    ];
    const verdict = evaluate(findings(), list(allowed), NOW);
    expect(verdict.pass).toBe(true);
    const text = formatVerdict(verdict, 1105);
    expect(text).toContain(
      'fixture-bundler GHSA-9v8r-2hcj-m3qf: dev server never exposed (security review, until 2026-12-31)',
    );
    expect(text).toMatch(/PASS$/);
  });

  test('an entry counts through its review-by day and fails the gate the day after, even if it matches nothing', () => {
    const lastDay = list([entry({ reviewBy: '2026-11-26' })]);
    const clean = findingsOf('report-clean-synthetic.json', 'prod');
    expect(evaluate(clean, lastDay, NOW).pass).toBe(true);
    const nextDay = evaluate(clean, lastDay, NOW + 86_400_000);
    expect(nextDay.pass).toBe(false);
    expect(nextDay.expired).toHaveLength(1);
    expect(formatVerdict(nextDay, 415)).toContain('past their review-by date');
    // And the advisory it allowed is blocking again.
    expect(
      evaluate(findings(), lastDay, NOW + 86_400_000).blocking.map((f) => f.package),
    ).toContain('fixture-http-lib');
  });

  test('a clean report passes with an empty allow-list', () => {
    expect(evaluate(findingsOf('report-clean-synthetic.json', 'prod'), list(), NOW)).toMatchObject({
      pass: true,
      blocking: [],
      expired: [],
    });
  });
});

describe('when the audit cannot run', () => {
  const failure = parseAuditOutput(fixture('pnpm-10.34.8-endpoint-405.json'), 'prod');
  if (failure.ok) throw new Error('fixture should be a failure');
  const waiver = {
    match: 'responded with 405',
    reason: 'the registry mirror refuses audit POSTs',
    reviewedBy: 'security review',
    reviewBy: '2026-12-26',
  };

  test('it fails without a waiver', () => {
    expect(evaluateUnavailable(failure, list(), NOW).pass).toBe(false);
  });

  test('a waiver quoting this failure passes until its date, then fails', () => {
    expect(evaluateUnavailable(failure, list([], [waiver]), NOW)).toMatchObject({
      pass: true,
      waiver,
    });
    expect(evaluateUnavailable(failure, list([], [waiver]), Date.UTC(2026, 11, 27)).pass).toBe(
      false,
    );
  });

  test("a waiver quoting pnpm 12's refusal matches it across the line pnpm wraps it on", () => {
    const refused = auditOutcome('', fixture('pnpm-12.21.0-bulk-405.stderr.txt'), 'dev');
    if (refused.ok) throw new Error('fixture should be a failure');
    const bulk = { ...waiver, match: '/-/npm/v1/security/advisories/bulk) responded with 405' };
    expect(evaluateUnavailable(refused, list([], [bulk]), NOW).pass).toBe(true);
    expect(evaluateUnavailable(failure, list([], [bulk]), NOW).pass).toBe(false);
  });

  test('a waiver covers only the failure it quotes: a network error or a timeout still fails', () => {
    expect(
      evaluateUnavailable(
        { code: 'TIMEOUT', message: 'pnpm audit --prod did not answer within 180 s' },
        list([], [waiver]),
        NOW,
      ).pass,
    ).toBe(false);
    expect(
      evaluateUnavailable(
        { code: 'ERR_PNPM_AUDIT_BAD_RESPONSE', message: 'responded with 500: oops' },
        list([], [waiver]),
        NOW,
      ).pass,
    ).toBe(false);
    expect(
      evaluateUnavailable(
        { code: 'NOT_JSON', message: 'getaddrinfo ENOTFOUND registry.example' },
        list([], [waiver]),
        NOW,
      ).pass,
    ).toBe(false);
  });
});
