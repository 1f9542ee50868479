// The server in watch mode (`pnpm --filter @nimbus/app-api dev`; `pnpm dev` runs it behind the
// one-origin dev server). esbuild bundles the server as the production build does, with source
// maps; a change to a file of the bundle (the server or a workspace package it imports)
// rebuilds it incrementally and restarts the server. A build that fails keeps the running
// server and says why; the next change tries again.
import { spawn, type ChildProcess } from 'node:child_process';
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import { context, type Metafile } from 'esbuild';
import { serverBuildOptions } from './build.ts';

const root = path.resolve(import.meta.dirname, '..');
// Inside this package, so the bundle's npm imports resolve from its node_modules as dist/'s do.
const outdir = path.join(root, 'node_modules/.cache/dev-server');
const say = (line: string) => process.stderr.write(`${line}\n`);

const builder = await context({ ...serverBuildOptions(outdir), metafile: true });
let server: ChildProcess | undefined;
let watchers = new Map<string, FSWatcher>();
let changedAt: number | undefined;
let timer: NodeJS.Timeout | undefined;
let building: Promise<void> = Promise.resolve();
let stopping = false;

/** Watches the folders of every source file in the bundle (not node_modules). */
function watchInputs(metafile: Metafile): void {
  const dirs = new Set(
    Object.keys(metafile.inputs)
      .filter((input) => !input.includes('node_modules') && !input.includes(':'))
      .map((input) => path.dirname(path.resolve(root, input))),
  );
  for (const [dir, watcher] of watchers) {
    if (!dirs.has(dir)) {
      watcher.close();
      watchers.delete(dir);
    }
  }
  for (const dir of dirs) {
    if (watchers.has(dir)) continue;
    const watcher = watch(dir, (_event, file) => {
      if (file && /\.(ts|tsx|json)$/.test(file)) changed();
    });
    watchers.set(dir, watcher);
  }
}

function changed(): void {
  changedAt ??= performance.now();
  clearTimeout(timer);
  // Editors write a file in several steps: one rebuild for all of them.
  timer = setTimeout(() => {
    building = building.then(rebuild);
  }, 30);
}

function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null || running.signalCode !== null) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const force = setTimeout(() => running.kill('SIGKILL'), 3000);
    running.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    running.kill('SIGTERM');
  });
}

function startServer(since: number | undefined): void {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
      // A restart should not wait for slow requests: this is a development server.
      SHUTDOWN_TIMEOUT_MS: process.env.SHUTDOWN_TIMEOUT_MS ?? '1000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  let ready = false;
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    if (!ready && chunk.toString().includes('listening at')) {
      ready = true;
      if (since !== undefined)
        say(`server restarted ${Math.round(performance.now() - since)} ms after the change`);
    }
  });
  child.once('exit', (code, signal) => {
    if (server === child && !stopping)
      say(`server stopped (${signal ?? `exit code ${code}`}); waiting for a change`);
  });
}

async function rebuild(): Promise<void> {
  const since = changedAt;
  changedAt = undefined;
  try {
    const result = await builder.rebuild();
    watchInputs(result.metafile);
  } catch {
    // esbuild has printed the errors; the running server stays.
    say('the server did not build: fix the error above (the running server stays)');
    return;
  }
  await stopServer();
  if (!stopping) startServer(since);
}

async function shutdown(): Promise<void> {
  stopping = true;
  clearTimeout(timer);
  for (const watcher of watchers.values()) watcher.close();
  watchers = new Map();
  await building;
  await stopServer();
  await builder.dispose();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());

building = rebuild();
