import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The data folder holds the database, the private keys and the server secret: nobody but the
 * server's own user may read any of it, whatever the umask. Folders are 0700, files 0600.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates a folder (and its parents) if missing, and makes it 0700 (an existing one too). */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes a file 0600, creating it empty when `create` and it is missing. SQLite creates its
 * `-wal` and `-shm` files with the mode of the database file, so a database file made 0600
 * before SQLite opens it keeps every file of it private.
 */
export function ensurePrivateFile(file: string, create = false): void {
  if (!existsSync(file)) {
    if (!create) return;
    closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  }
  chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Everything under `dir` (itself included) that others could read or write: a folder that is
 * not 0700 or a file that is not 0600, each with the command that fixes it (`pnpm ops check`).
 */
export function wrongFileModes(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const problems: string[] = [];
  const visit = (entry: string) => {
    const stat = statSync(entry);
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if (mode !== wanted)
      problems.push(
        `${entry} is mode ${mode.toString(8).padStart(4, '0')}, should be ${wanted.toString(8).padStart(4, '0')} (chmod ${wanted.toString(8)} ${entry})`,
      );
    if (stat.isDirectory())
      for (const name of readdirSync(entry).sort()) visit(path.join(entry, name));
  };
  visit(dir);
  return problems;
}
