import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace this package sits in (tooling/build-graph/src -> the root). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** One task of `turbo run --dry=json`: its id, hash, command and direct dependencies. */
export interface DryTask {
  taskId: string;
  task: string;
  package: string;
  hash: string;
  command: string;
  dependencies: string[];
}

/**
 * A copy of the workspace's tracked and new (not ignored) files in a temporary folder, so a test
 * can edit a package and ask turbo what would run without ever touching the real tree.
 */
export class ScratchRepo {
  readonly dir: string;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'nimbus-build-graph-'));
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    for (const file of new Set(listed.split('\0').filter(Boolean))) {
      const from = join(repoRoot, file);
      if (existsSync(from)) cpSync(from, join(this.dir, file), { recursive: true });
    }
    // A repository of its own, so turbo hashes files the way it does in a clone.
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: this.dir, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=scratch', '-c', 'user.email=scratch@localhost', 'commit', '-qm', 'x');
  }

  /** Appends a line to a file, as an edit would. */
  edit(file: string, line: string): void {
    const path = join(this.dir, file);
    writeFileSync(path, `${readFileSync(path, 'utf8')}${line}\n`);
  }

  /** Writes a file that is not committed (a build output, a log, a new source file). */
  write(file: string, content: string): void {
    const path = join(this.dir, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }

  /** Deletes a file or folder written by `write`. */
  delete(file: string): void {
    rmSync(join(this.dir, file), { recursive: true, force: true });
  }

  /** `turbo run <tasks> --dry=json` in the copy, with exactly the environment given. */
  dryRun(tasks: string[], env: Record<string, string> = {}): Map<string, DryTask> {
    const turbo = join(repoRoot, 'node_modules/.bin/turbo');
    const out = execFileSync(turbo, ['run', ...tasks, '--dry=json'], {
      cwd: this.dir,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      // The copy has no node_modules: turbo's note that it runs the workspace's binary is noise.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: this.dir,
        TURBO_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        ...env,
      },
    });
    const { tasks: list } = JSON.parse(out) as { tasks: DryTask[] };
    return new Map(list.map((task) => [task.taskId, task]));
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Every workspace package (the folders `pnpm-workspace.yaml` lists: apps/*, packages/*,
 * tooling/*) by name, with the workspace packages it lists in any kind of dependency.
 */
export function workspaceDependencies(dir: string): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const entry of readdirSync(join(dir, group), { withFileTypes: true })) {
      const manifestPath = join(dir, group, entry.name, 'package.json');
      if (!entry.isDirectory() || !existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
        name: string;
      } & Record<string, Record<string, string> | string | undefined>;
      const listed = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((kind) =>
        Object.entries((manifest[kind] as Record<string, string> | undefined) ?? {})
          .filter(([, version]) => version.startsWith('workspace:'))
          .map(([dep]) => dep),
      );
      byName.set(manifest.name, [...new Set(listed)]);
    }
  }
  return byName;
}
