// `pnpm release`: the self-contained server release in release/nimbus/ and release/nimbus.tar.gz
// (layout in tooling/release/README.md). The server and the ops CLI are bundled with their npm
// dependencies (apps/api/scripts/build.ts --release); only the few packages that load files by
// path at run time (the native SQLite driver, the worker pool, the logger) are copied into its
// node_modules, with their production dependencies. The built apps are copied as they are.
// Nothing of the workspace's dev tools.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const releaseDir = path.join(repoRoot, 'release');
export const releaseFolder = path.join(releaseDir, 'nimbus');
export const releaseTarball = path.join(releaseDir, 'nimbus.tar.gz');

const apiDir = path.join(repoRoot, 'apps/api');
const APPS = ['marketing', 'account', 'affiliate', 'admin'] as const;

/**
 * better-sqlite3 needs only its JavaScript and the prebuilt N-API binaries for Linux (glibc and
 * musl, x64 and arm64): its C sources, the SQLite amalgamation and node-addon-api (headers for a
 * compile) stay out.
 */
function keepFromBetterSqlite(rel: string): boolean {
  if (rel === '' || rel === 'package.json' || rel === 'LICENSE') return true;
  if (rel === 'lib' || rel.startsWith('lib/')) return true;
  if (rel === 'prebuilds') return true;
  return /^prebuilds\/linux(musl)?-(x64|arm64)\.node$/.test(rel);
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The folder a package `name` resolves to from `fromDir` (Node's lookup, pnpm's symlinks followed). */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return realpathSync(candidate);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * Copies `names` and their production dependencies, resolved as the workspace resolves them
 * for apps/api, into a flat node_modules (a second version of a name goes under its dependent).
 */
function copyRuntimePackages(target: string, names: string[]): void {
  const placed = new Map<string, string>(); // name -> version at the top level
  const visit = (name: string, fromDir: string, parentTarget: string, optional: boolean) => {
    const dir = packageDir(name, fromDir);
    if (dir === undefined) {
      if (optional) return;
      throw new Error(`${name} (needed at run time) is not installed; run pnpm install`);
    }
    const pkg = readJson<PackageJson>(path.join(dir, 'package.json'));
    const top = placed.get(name);
    if (top === pkg.version) return;
    const dest =
      top === undefined
        ? path.join(target, 'node_modules', name)
        : path.join(parentTarget, 'node_modules', name);
    if (existsSync(dest)) return;
    if (top === undefined) placed.set(name, pkg.version);
    cpSync(dir, dest, {
      recursive: true,
      dereference: true,
      filter: (src) => {
        const rel = path.relative(dir, src).split(path.sep).join('/');
        if (rel.split('/').includes('node_modules')) return false;
        return name === 'better-sqlite3' ? keepFromBetterSqlite(rel) : true;
      },
    });
    if (name === 'better-sqlite3') return; // node-addon-api only serves a compile
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir, dest, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, dest, true);
  };
  for (const name of names) visit(name, apiDir, target, false);
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

const START = `#!/bin/sh
# Starts the Nimbus server from this release (configuration: the environment, see .env.example).
set -e
cd "$(dirname "$0")/.."
exec node --enable-source-maps server/main.js "$@"
`;

const OPS = `#!/bin/sh
# The operator CLI of this release: bin/nimbus-ops help
set -e
cd "$(dirname "$0")/.."
exec node --enable-source-maps server/ops.js "$@"
`;

export interface ReleaseFacts {
  folder: string;
  tarball: string;
  unpackedBytes: number;
  tarballBytes: number;
}

export async function buildRelease(): Promise<ReleaseFacts> {
  for (const app of APPS) {
    if (!existsSync(path.join(repoRoot, `apps/${app}/dist/index.html`)))
      throw new Error(`apps/${app} is not built: run pnpm build first (pnpm release does)`);
  }
  rmSync(releaseDir, { recursive: true, force: true });
  mkdirSync(releaseFolder, { recursive: true });
  const serverDir = path.join(releaseFolder, 'server');

  execFileSync(process.execPath, ['scripts/build.ts', `--release=${serverDir}`], {
    cwd: apiDir,
    stdio: 'inherit',
  });
  const runtimeList = path.join(serverDir, 'runtime-packages.json');
  copyRuntimePackages(releaseFolder, readJson<string[]>(runtimeList));
  rmSync(runtimeList);
  for (const app of APPS) {
    cpSync(path.join(repoRoot, `apps/${app}/dist`), path.join(releaseFolder, `apps/${app}/dist`), {
      recursive: true,
    });
  }
  mkdirSync(path.join(releaseFolder, 'bin'));
  writeFileSync(path.join(releaseFolder, 'bin/nimbus'), START);
  writeFileSync(path.join(releaseFolder, 'bin/nimbus-ops'), OPS);
  chmodSync(path.join(releaseFolder, 'bin/nimbus'), 0o755);
  chmodSync(path.join(releaseFolder, 'bin/nimbus-ops'), 0o755);
  cpSync(path.join(repoRoot, '.env.example'), path.join(releaseFolder, '.env.example'));

  const api = readJson<PackageJson>(path.join(apiDir, 'package.json'));
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot })
      .toString()
      .trim();
  } catch {
    // a tree without git (an unpacked source archive)
  }
  writeFileSync(
    path.join(releaseFolder, 'package.json'),
    `${JSON.stringify(
      {
        name: 'nimbus-release',
        version: api.version,
        private: true,
        type: 'module',
        description: `Nimbus server release (commit ${commit}); start with bin/nimbus`,
        engines: { node: '>=24.7' },
      },
      null,
      2,
    )}\n`,
  );

  execFileSync('tar', ['-czf', releaseTarball, '-C', releaseDir, 'nimbus']);
  return {
    folder: releaseFolder,
    tarball: releaseTarball,
    unpackedBytes: folderBytes(releaseFolder),
    tarballBytes: statSync(releaseTarball).size,
  };
}

if (import.meta.main) {
  const started = Date.now();
  const facts = await buildRelease();
  const mb = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
  console.log(
    `release: ${path.relative(process.cwd(), facts.folder)} (${mb(facts.unpackedBytes)} unpacked), ` +
      `${path.relative(process.cwd(), facts.tarball)} (${mb(facts.tarballBytes)}) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
}
