// One noun, one folder, one entry file (docs/architecture.md, noun folders): a file outside a
// noun's folder imports the noun only through its `index.ts`, so what the noun offers the rest of
// the server is one list, and everything else in the folder can change without a caller noticing.

import path from 'node:path';

/** @param {string} file @param {string} root */
function relativeTo(file, root) {
  const normal = file.replaceAll('\\', '/');
  const at = normal.lastIndexOf(`/${root}/`);
  return at === -1 ? undefined : normal.slice(at + root.length + 2);
}

/** @type {import('eslint').Rule.RuleModule} */
export const nounEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'A noun folder is imported only through its index.ts.' },
    messages: {
      inner:
        "Import the {{noun}} noun through '{{noun}}/index.ts', not its inner file '{{target}}' (docs/architecture.md, noun folders).",
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          nouns: { type: 'array', items: { type: 'string' } },
          entries: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'nouns'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, nouns, entries = [] } = context.options[0];
    const entrySet = new Set(entries.map((e) => (e.endsWith('.ts') ? e : `${e}/index.ts`)));
    const nounSet = new Set(nouns);
    const self = relativeTo(context.filename, root);
    if (self === undefined) return {};
    const selfNoun = self.split('/')[0];

    /** @param {import('estree').Node & { source?: import('estree').Expression | null }} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(self), spec));
      if (target.startsWith('..')) return;
      const [noun, ...rest] = target.split('/');
      if (noun === undefined || !nounSet.has(noun) || noun === selfNoun) return;
      if (rest.join('/') === 'index.ts' || entrySet.has(target)) return;
      context.report({ node: source, messageId: 'inner', data: { noun, target } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
