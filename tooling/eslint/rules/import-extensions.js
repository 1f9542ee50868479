// One import style: a relative import names its file, extension included
// (`./Button.tsx`, `./Button.css.ts`), as Node's type stripping and the server's bundle need, and
// so a reader finds the file from the import alone. Package imports are left alone. Styles are
// vanilla-extract modules (`.css.ts`), so a bare `.css` is flagged too.

const KNOWN = /\.(ts|tsx|js|mjs|cjs|jsx|json|svg|png|webp|ico|txt|html|woff2?)(\?.*)?$/;
const RELATIVE = /^\.{1,2}\//;

/** @type {import('eslint').Rule.RuleModule} */
export const importExtensions = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Relative imports name the file with its extension.' },
    messages: {
      missing: "Name the file of '{{source}}' with its extension (for example '{{source}}.ts').",
    },
    schema: [],
  },
  create(context) {
    /** @param {import('estree').Node | null | undefined} node */
    function check(node) {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
      const source = node.value;
      if (RELATIVE.test(source) && !KNOWN.test(source)) {
        context.report({ node, messageId: 'missing', data: { source } });
      }
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};
