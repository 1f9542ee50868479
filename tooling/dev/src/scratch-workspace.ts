import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The workspace this package sits in (tooling/dev/src -> the root). */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A copy of the workspace to edit in a test: its tracked and new files, and node_modules
 * mirrored as links (pnpm's store is shared, read-only; the workspace packages' links point into
 * the copy). Edits never touch the real tree, and nothing is installed.
 */
export class ScratchWorkspace {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'nimbus-dev-'));

  constructor() {
    const listed = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const packages = new Set<string>(['.']);
    for (const file of new Set(listed.split('\0').filter(Boolean))) {
      const from = path.join(repoRoot, file);
      if (!existsSync(from)) continue;
      cpSync(from, path.join(this.dir, file));
      if (path.basename(file) === 'package.json') packages.add(path.dirname(file));
    }
    for (const pkg of packages) this.#mirrorNodeModules(pkg);
  }

  #mirrorNodeModules(pkg: string): void {
    const from = path.join(repoRoot, pkg, 'node_modules');
    if (!existsSync(from)) return;
    const to = path.join(this.dir, pkg, 'node_modules');
    const mirror = (source: string, target: string) => {
      mkdirSync(target, { recursive: true });
      for (const entry of readdirSync(source)) {
        // Tool caches (Vite's pre-bundled deps, build caches) start empty in the copy.
        if (entry === '.cache' || entry === '.vite' || entry === '.bin') continue;
        const at = path.join(source, entry);
        const stat = lstatSync(at);
        if (stat.isSymbolicLink()) {
          // Relative links stay relative: into the copy's packages or its node_modules/.pnpm.
          symlinkSync(readlinkSync(at), path.join(target, entry));
        } else if (stat.isDirectory() && entry.startsWith('@')) {
          mirror(at, path.join(target, entry));
        } else {
          symlinkSync(at, path.join(target, entry));
        }
      }
    };
    mirror(from, to);
  }

  /** Replaces `from` by `to` in a file of the copy (it must be there once). */
  replace(file: string, from: string, to: string): void {
    const at = path.join(this.dir, file);
    const text = readFileSync(at, 'utf8');
    if (text.split(from).length !== 2) throw new Error(`${file} does not hold "${from}" once`);
    writeFileSync(at, text.replace(from, to));
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
