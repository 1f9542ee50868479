/**
 * The dependency audit gate: reads `pnpm audit --json`, matches each advisory of severity
 * moderate or above against the reviewed allow-list, and decides. Pure functions (the clock and
 * the audit's output are arguments); src/run.ts does the I/O.
 */

export const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;
export type Severity = (typeof SEVERITIES)[number];
/** Advisories at or above this severity fail the gate unless allowed. */
export const BLOCKING_SEVERITY: Severity = 'moderate';

export const severityRank = (s: Severity) => SEVERITIES.indexOf(s);

/** One advisory as pnpm reports it, flattened: where it is (paths) and which dependency set. */
export interface Finding {
  /** The npm advisory number, as text. */
  id: string;
  /** GHSA-xxxx-xxxx-xxxx when the report names one. */
  ghsa: string | null;
  package: string;
  severity: Severity;
  title: string;
  url: string;
  vulnerableVersions: string;
  patchedVersions: string;
  /** Installed versions the advisory matched. */
  versions: string[];
  /** Dependency paths (`importer>dep>dep`), at most a few per finding. */
  paths: string[];
  /** Which audits reported it (`prod`, `dev`). */
  scopes: string[];
}

/** What one `pnpm audit --json` run gave. */
export type AuditOutcome =
  | { ok: true; findings: Finding[]; dependencies: number | null }
  | { ok: false; code: string; message: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * pnpm's error as one line of text: pnpm 12 prints it to standard error in a frame of its own
 * (`× message`, continuation lines after `│`), wrapped at 80 columns.
 */
export function flattenPnpmError(stderr: string): string {
  return stderr
    .replace(/[×│╭╮╰╯─]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Parses the standard output of `pnpm audit --json`. Anything that is not an audit report is a
 * failure: pnpm's error object (the registry refused or could not be reached), plain text (what
 * `--ignore-registry-errors` prints, with exit code 0), or an object without advisories.
 */
export function parseAuditOutput(stdout: string, scope: string): AuditOutcome {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    const firstLine = stdout.trim().split('\n')[0] ?? '';
    return {
      ok: false,
      code: 'NOT_JSON',
      message:
        firstLine === ''
          ? 'pnpm audit printed nothing'
          : `pnpm audit did not print a JSON report: ${firstLine.slice(0, 300)}`,
    };
  }
  if (!isRecord(parsed))
    return {
      ok: false,
      code: 'NOT_A_REPORT',
      message: 'pnpm audit printed JSON that is not a report',
    };
  if (isRecord(parsed.error)) {
    return {
      ok: false,
      code: text(parsed.error.code) || 'AUDIT_ERROR',
      message: text(parsed.error.message) || JSON.stringify(parsed.error),
    };
  }
  if (!isRecord(parsed.advisories) || !isRecord(parsed.metadata)) {
    return {
      ok: false,
      code: 'NOT_A_REPORT',
      message: 'pnpm audit printed JSON without advisories and metadata',
    };
  }
  const findings: Finding[] = [];
  for (const [key, raw] of Object.entries(parsed.advisories)) {
    if (!isRecord(raw)) continue;
    const severity = SEVERITIES.includes(raw.severity as Severity)
      ? (raw.severity as Severity)
      : 'critical';
    const rawFindings = Array.isArray(raw.findings) ? raw.findings.filter(isRecord) : [];
    findings.push({
      id: String(raw.id ?? key),
      ghsa: text(raw.github_advisory_id) || ghsaFromUrl(text(raw.url)),
      package: text(raw.module_name),
      severity,
      title: text(raw.title),
      url: text(raw.url),
      vulnerableVersions: text(raw.vulnerable_versions),
      patchedVersions: text(raw.patched_versions),
      versions: [...new Set(rawFindings.map((f) => text(f.version)).filter(Boolean))],
      paths: [
        ...new Set(rawFindings.flatMap((f) => (Array.isArray(f.paths) ? f.paths.map(text) : []))),
      ].filter(Boolean),
      scopes: [scope],
    });
  }
  const metadata = parsed.metadata;
  const dependencies =
    typeof metadata.totalDependencies === 'number' ? metadata.totalDependencies : null;
  return { ok: true, findings, dependencies };
}

function ghsaFromUrl(url: string): string | null {
  return /GHSA(-[23456789cfghjmpqrvwx]{4}){3}/.exec(url)?.[0] ?? null;
}

/** The outcome of one `pnpm audit --json` run: its report, or why there is none. */
export function auditOutcome(stdout: string, stderr: string, scope: string): AuditOutcome {
  const outcome = parseAuditOutput(stdout, scope);
  if (outcome.ok || stderr.trim() === '') return outcome;
  return {
    ...outcome,
    message: `${outcome.message} (stderr: ${flattenPnpmError(stderr).slice(0, 300)})`,
  };
}

/** The findings of several runs (production, development) as one list, each advisory once. */
export function mergeFindings(lists: Finding[][]): Finding[] {
  const byKey = new Map<string, Finding>();
  for (const finding of lists.flat()) {
    const key = `${finding.id}:${finding.package}`;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        ...finding,
        versions: [...finding.versions],
        paths: [...finding.paths],
        scopes: [...finding.scopes],
      });
      continue;
    }
    seen.versions = [...new Set([...seen.versions, ...finding.versions])];
    seen.paths = [...new Set([...seen.paths, ...finding.paths])];
    seen.scopes = [...new Set([...seen.scopes, ...finding.scopes])];
  }
  return [...byKey.values()].sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) || a.package.localeCompare(b.package),
  );
}

/** An advisory someone reviewed and decided does not affect us, until a date. */
export interface AllowedAdvisory {
  /** GHSA-xxxx-xxxx-xxxx, or the npm advisory number. */
  id: string;
  package: string;
  /** Why it does not affect us (which code path, which input, which mitigation). */
  reason: string;
  reviewedBy: string;
  /**
   * YYYY-MM-DD: after this day the entry no longer counts and the gate fails until reviewed again.
   */
  reviewBy: string;
}

/**
 * A reviewed decision to let the gate pass while the registry's audit service refuses to answer,
 * for failures whose message contains `match` only, until `reviewBy`.
 */
export interface AuditUnavailableWaiver {
  match: string;
  reason: string;
  reviewedBy: string;
  reviewBy: string;
}

export interface AllowList {
  advisories: AllowedAdvisory[];
  auditUnavailable: AuditUnavailableWaiver[];
}

const ID_PATTERN = /^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|\d+)$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Reads allow-list.json; every problem is listed (a malformed entry must not allow anything). */
export function parseAllowList(
  json: unknown,
): { ok: true; list: AllowList } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (!isRecord(json)) return { ok: false, problems: ['the allow-list must be a JSON object'] };
  const advisories = json.advisories ?? [];
  const waivers = json.auditUnavailable ?? [];
  if (!Array.isArray(advisories)) problems.push('"advisories" must be an array');
  if (!Array.isArray(waivers)) problems.push('"auditUnavailable" must be an array');
  const common = (entry: Record<string, unknown>, where: string) => {
    for (const field of ['reason', 'reviewedBy', 'reviewBy']) {
      if (text(entry[field]).trim() === '') problems.push(`${where}: "${field}" is required`);
    }
    if (text(entry.reviewBy) !== '' && !validDate(text(entry.reviewBy)))
      problems.push(`${where}: "reviewBy" must be a date YYYY-MM-DD`);
  };
  const list: AllowList = { advisories: [], auditUnavailable: [] };
  (Array.isArray(advisories) ? advisories : []).forEach((entry: unknown, i) => {
    const where = `advisories[${i}]`;
    if (!isRecord(entry)) return void problems.push(`${where} must be an object`);
    if (!ID_PATTERN.test(text(entry.id)))
      problems.push(`${where}: "id" must be a GHSA id or an npm advisory number`);
    if (text(entry.package).trim() === '') problems.push(`${where}: "package" is required`);
    common(entry, where);
    list.advisories.push({
      id: text(entry.id),
      package: text(entry.package),
      reason: text(entry.reason),
      reviewedBy: text(entry.reviewedBy),
      reviewBy: text(entry.reviewBy),
    });
  });
  (Array.isArray(waivers) ? waivers : []).forEach((entry: unknown, i) => {
    const where = `auditUnavailable[${i}]`;
    if (!isRecord(entry)) return void problems.push(`${where} must be an object`);
    if (text(entry.match).trim().length < 8)
      problems.push(`${where}: "match" must quote the failure (at least 8 characters)`);
    common(entry, where);
    list.auditUnavailable.push({
      match: text(entry.match),
      reason: text(entry.reason),
      reviewedBy: text(entry.reviewedBy),
      reviewBy: text(entry.reviewBy),
    });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, list };
}

/** Today as YYYY-MM-DD (UTC). */
export const dayOf = (now: number) => new Date(now).toISOString().slice(0, 10);
/** An entry counts through its review-by day, and stops the day after. */
const expired = (entry: { reviewBy: string }, today: string) => entry.reviewBy < today;

const matches = (entry: AllowedAdvisory, finding: Finding) =>
  entry.package === finding.package &&
  (entry.id === finding.id ||
    (finding.ghsa !== null && entry.id.toLowerCase() === finding.ghsa.toLowerCase()));

export interface Verdict {
  pass: boolean;
  /** Moderate or above, not allowed. */
  blocking: Finding[];
  /** Moderate or above, allowed by an unexpired entry. */
  allowed: { finding: Finding; entry: AllowedAdvisory }[];
  /** Below the blocking severity: reported, never failing. */
  notes: Finding[];
  /** Entries past their review-by date: each fails the gate. */
  expired: AllowedAdvisory[];
  /** Entries that match no current finding (the dependency was upgraded): remove them. */
  unused: AllowedAdvisory[];
}

/** Decides the gate from the audit's findings, the allow-list and today's date. */
export function evaluate(findings: Finding[], list: AllowList, now: number): Verdict {
  const today = dayOf(now);
  const blocking: Finding[] = [];
  const allowed: Verdict['allowed'] = [];
  const notes: Finding[] = [];
  const used = new Set<AllowedAdvisory>();
  for (const finding of findings) {
    if (severityRank(finding.severity) < severityRank(BLOCKING_SEVERITY)) {
      notes.push(finding);
      continue;
    }
    const entry = list.advisories.find((e) => matches(e, finding));
    if (entry) used.add(entry);
    if (entry && !expired(entry, today)) allowed.push({ finding, entry });
    else blocking.push(finding);
  }
  const expiredEntries = list.advisories.filter((e) => expired(e, today));
  const unused = list.advisories.filter((e) => !used.has(e) && !expired(e, today));
  return {
    pass: blocking.length === 0 && expiredEntries.length === 0,
    blocking,
    allowed,
    notes,
    expired: expiredEntries,
    unused,
  };
}

/**
 * The verdict when the audit could not run: a waiver whose text the failure contains, if one is
 * still valid.
 */
export function evaluateUnavailable(
  failure: { code: string; message: string },
  list: AllowList,
  now: number,
) {
  const today = dayOf(now);
  // Whitespace does not count: pnpm wraps its error text wherever the line is full.
  const squash = (value: string) => value.replace(/\s+/g, '');
  const text = squash(`${failure.code}: ${failure.message}`);
  const candidates = list.auditUnavailable.filter((w) => text.includes(squash(w.match)));
  const waiver = candidates.find((w) => !expired(w, today));
  const expiredWaivers = list.auditUnavailable.filter((w) => expired(w, today));
  return {
    pass: waiver !== undefined && expiredWaivers.length === 0,
    waiver,
    expired: expiredWaivers,
  };
}

const describe = (f: Finding) =>
  `  ${f.severity.toUpperCase()} ${f.package}@${f.versions.join(',') || '?'} ${f.ghsa ?? `#${f.id}`} ${f.title} (${f.scopes.join('+')})\n` +
  `    vulnerable ${f.vulnerableVersions || '?'}, patched ${f.patchedVersions || 'none'}; ${f.url}\n` +
  f.paths
    .slice(0, 3)
    .map((p) => `    via ${p}\n`)
    .join('');

/** The text CI prints. */
export function formatVerdict(verdict: Verdict, dependencies: number | null): string {
  const lines: string[] = [];
  lines.push(
    `Dependency audit: ${dependencies ?? '?'} dependencies, ${verdict.blocking.length + verdict.allowed.length} advisories of severity ${BLOCKING_SEVERITY} or above (${verdict.allowed.length} allowed), ${verdict.notes.length} below.`,
  );
  if (verdict.blocking.length > 0) {
    lines.push(
      '',
      `FAIL: advisories not in tooling/audit/allow-list.json (upgrade through the catalog, or review and add an entry):`,
    );
    for (const f of verdict.blocking) lines.push(describe(f).trimEnd());
  }
  if (verdict.expired.length > 0) {
    lines.push(
      '',
      'FAIL: allow-list entries past their review-by date (review again and move the date, or remove them):',
    );
    for (const e of verdict.expired)
      lines.push(`  ${e.id} ${e.package} (reviewed by ${e.reviewedBy}, review by ${e.reviewBy})`);
  }
  if (verdict.allowed.length > 0) {
    lines.push('', 'Allowed after review:');
    for (const { finding, entry } of verdict.allowed)
      lines.push(
        `  ${finding.package} ${entry.id}: ${entry.reason} (${entry.reviewedBy}, until ${entry.reviewBy})`,
      );
  }
  if (verdict.unused.length > 0) {
    lines.push('', 'Allow-list entries matching no advisory any more (remove them):');
    for (const e of verdict.unused) lines.push(`  ${e.id} ${e.package}`);
  }
  if (verdict.notes.length > 0) {
    lines.push('', `Below ${BLOCKING_SEVERITY} (not failing):`);
    for (const f of verdict.notes) lines.push(describe(f).trimEnd());
  }
  lines.push('', verdict.pass ? 'PASS' : 'FAIL');
  return lines.join('\n');
}
