import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface BuildRuntime {
  /** React DOM's version when a chunk carries its renderer (`rendererPackageName: react-dom`). */
  reactDom: string | null;
  /** The chunks that mention Preact (none on a React build). */
  preactFiles: string[];
}

const REACT_DOM =
  /rendererPackageName:\s*[`'"]react-dom[`'"][^}]*?reconcilerVersion:\s*[`'"]([^`'"]+)/;

/**
 * Which UI runtime a Vite build ships, read from its JS under `dist/assets`: React DOM's
 * renderer registers itself with its package name and version, which no alias or shim does.
 */
export function buildRuntime(dist: string): BuildRuntime {
  const assets = path.join(dist, 'assets');
  let reactDom: string | null = null;
  const preactFiles: string[] = [];
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    reactDom ??= REACT_DOM.exec(code)?.[1] ?? null;
    if (/preact/i.test(code)) preactFiles.push(file);
  }
  return { reactDom, preactFiles };
}
