/**
 * Import cycles between the repository's files. dpdm (https://github.com/acrazing/dpdm) reads
 * every file, resolves its imports the way TypeScript does (the nearest tsconfig.json; workspace
 * packages to their source through node_modules, other packages left out) and finds the cycles.
 *
 * Only imports that load a file at run time count. The workspace compiles with
 * `verbatimModuleSyntax`, so `import type` and `export type` vanish, but `import { type A }` stays
 * as `import {} from` and still loads its file (Node's type stripping does the same). dpdm's own
 * `transform` option elides both, so the edges are read here from each file's syntax instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import ts from 'typescript';

/** The files a cycle check reads: JavaScript and TypeScript, declaration files left out. */
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const DECLARATION = /\.d\.[cm]?ts$/;

/** One import of a cycle: `file` imports `target` (written `request`) on `line`. */
export interface CycleStep {
  file: string;
  line: number;
  request: string;
  target: string;
}

export interface CycleReport {
  /** The files the check started from. */
  scanned: number;
  /** The files of the repository it read (the scanned ones and what they import). */
  modules: number;
  /** Each cycle as the imports that close it, the last one back to the first file. */
  cycles: CycleStep[][];
}

/**
 * The repository's source files as git sees them: committed or new, never ignored (so no
 * node_modules, dist or .tooling), as paths relative to `root`.
 */
export function repositoryFiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\0'))]
    .filter((file) => SOURCE.test(file) && !DECLARATION.test(file))
    .filter((file) => existsSync(path.join(root, file)))
    .sort();
}

/** For each module a file names, the first line that loads it at run time (none: types only). */
export function runtimeImports(fileName: string, code: string): Map<string, number> {
  const kind = /\.[jt]sx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<string, number>();
  const add = (specifier: ts.Node) => {
    if (!ts.isStringLiteralLike(specifier) || found.has(specifier.text)) return;
    const { line } = source.getLineAndCharacterOfPosition(specifier.getStart(source));
    found.set(specifier.text, line + 1);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (!statement.importClause?.isTypeOnly) add(statement.moduleSpecifier);
    } else if (ts.isExportDeclaration(statement)) {
      if (!statement.isTypeOnly && statement.moduleSpecifier) add(statement.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(statement)) {
      const reference = statement.moduleReference;
      if (!statement.isTypeOnly && ts.isExternalModuleReference(reference)) {
        add(reference.expression);
      }
    }
  }
  // `import('...')` and `require('...')` anywhere: only files that have one are walked whole.
  if (/\b(?:import|require)\s*\(/.test(code)) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.arguments.length === 1) {
        const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
        const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
        if (isImport || isRequire) add(node.arguments[0] as ts.Node);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/**
 * The import cycles among `files` (paths relative to `root`) and what they import, with every
 * path in the report relative to `root`.
 */
export async function findCycles(root: string, files: string[]): Promise<CycleReport> {
  const tree: DependencyTree = await parseDependencyTree(files, {
    cwd: root,
    context: root,
    transform: false,
    skipDynamicImports: false,
  });

  // Keep the edges that load a file at run time, each with the line that does. Only a file on a
  // cycle of the whole graph (type imports included) can be on one of the run-time graph, so
  // only those are read again.
  const onCycles = filesOnCycles(tree);
  const steps = new Map<string, { line: number; request: string }>();
  const runtime: DependencyTree = {};
  for (const [file, dependencies] of Object.entries(tree)) {
    if (!dependencies || !onCycles.has(file)) {
      runtime[file] = dependencies;
      continue;
    }
    const loads = runtimeImports(file, readFileSync(path.join(root, file), 'utf8'));
    runtime[file] = dependencies.filter(({ id, request }) => {
      const line = loads.get(request);
      if (line === undefined || id === null) return false;
      if (!steps.has(`${file}\0${id}`)) steps.set(`${file}\0${id}`, { line, request });
      return true;
    });
  }

  const cycles = parseCircular(runtime, false).map((cycle) =>
    cycle.map((file, index) => {
      const target = cycle[(index + 1) % cycle.length] as string;
      const step = steps.get(`${file}\0${target}`) ?? { line: 0, request: target };
      return { file, target, ...step };
    }),
  );
  const modules = Object.values(tree).filter((dependencies) => dependencies !== null).length;
  return { scanned: files.length, modules, cycles };
}

/** The report as a person reads it: one block per cycle, each import with its file and line. */
export function formatCycles(report: CycleReport): string {
  const count = report.cycles.length;
  const heading =
    `${count} import cycle${count === 1 ? '' : 's'} in ${report.modules} files ` +
    '(a file that imports, at run time, a file that imports it back; move what both need into ' +
    'a module of its own, or import only types with `import type`):';
  const blocks = report.cycles.map((cycle, index) => {
    const width = Math.max(...cycle.map((step) => `${step.file}:${step.line}`.length));
    const rows = cycle.map((step, at) => {
      const where = `${step.file}:${step.line}`.padEnd(width);
      const back = at === cycle.length - 1 ? '  (back to the first)' : '';
      return `     ${where}  imports ${step.request}${back}`;
    });
    return [`  ${index + 1}. a cycle of ${cycle.length} files:`, ...rows].join('\n');
  });
  return [heading, ...blocks].join('\n\n');
}

/** The files on at least one cycle: those of a strongly connected set of two or more (Tarjan). */
export function filesOnCycles(tree: DependencyTree): Set<string> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const result = new Set<string>();
  const connect = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const { id } of tree[file] ?? []) {
      if (id === null || !(id in tree)) continue;
      if (!index.has(id)) {
        connect(id);
        low.set(file, Math.min(low.get(file) as number, low.get(id) as number));
      } else if (onStack.has(id)) {
        low.set(file, Math.min(low.get(file) as number, index.get(id) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      members.push(member);
    } while (member !== file);
    const selfImport = tree[file]?.some(({ id }) => id === file) ?? false;
    if (members.length > 1 || selfImport) for (const one of members) result.add(one);
  };
  for (const file of Object.keys(tree)) if (!index.has(file)) connect(file);
  return result;
}
