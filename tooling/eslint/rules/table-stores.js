// One owner per table (docs/architecture.md, the server's modules): a query names a table only
// in the table's store module(s). Other modules call the store, or join the view it hands out
// (`userColumns(db, [...]).as('u')`). A table the map does not list is refused everywhere, so a
// new table gets its store when it is made. Migrations (the schema's history) are not linted.

const QUERY_METHODS = new Set([
  'selectFrom',
  'updateTable',
  'insertInto',
  'replaceInto',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
]);
/** A table named in raw SQL (`sql\`select id from orders where ...\``). */
const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** @param {string} file @param {string} root */
function relativeTo(file, root) {
  const normal = file.replaceAll('\\', '/');
  const at = normal.lastIndexOf(`/${root}/`);
  return at === -1 ? undefined : normal.slice(at + root.length + 2);
}

/** @param {string} path @param {readonly string[]} owners */
const ownedBy = (path, owners) =>
  owners.some((owner) => (owner.endsWith('/') ? path.startsWith(owner) : path === owner));

/** @type {import('eslint').Rule.RuleModule} */
export const tableStores = {
  meta: {
    type: 'problem',
    docs: { description: 'A table is queried only in its store module.' },
    messages: {
      foreign:
        "'{{table}}' is read and written through {{owners}} only (TABLE_STORES, tooling/eslint/boundaries.js): call the store, or join the view it offers.",
      unknown:
        "'{{table}}' has no store in TABLE_STORES (tooling/eslint/boundaries.js): give the table its store module there.",
    },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          stores: {
            type: 'object',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
        required: ['root', 'stores'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { root, stores } = context.options[0];
    const path = relativeTo(context.filename, root);
    if (path === undefined) return {};
    /** @param {import('estree').Node} node @param {string} table @param {boolean} raw */
    function check(node, table, raw) {
      const owners = Object.hasOwn(stores, table) ? stores[table] : undefined;
      if (owners === undefined) {
        if (!raw) context.report({ node, messageId: 'unknown', data: { table } });
      } else if (!ownedBy(path, owners)) {
        context.report({ node, messageId: 'foreign', data: { table, owners: owners.join(', ') } });
      }
    }
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!QUERY_METHODS.has(callee.property.name)) return;
        const [first] = node.arguments;
        let text;
        if (first?.type === 'Literal' && typeof first.value === 'string') text = first.value;
        else if (first?.type === 'TemplateLiteral' && first.expressions.length === 0)
          text = first.quasis[0]?.value.cooked ?? '';
        if (text === undefined) return;
        check(first, text.split(/\s+as\s+/i)[0].trim(), false);
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        const name =
          tag.type === 'Identifier'
            ? tag.name
            : tag.type === 'MemberExpression' && tag.object.type === 'Identifier'
              ? tag.object.name
              : undefined;
        if (name !== 'sql') return;
        for (const quasi of node.quasi.quasis)
          for (const match of (quasi.value.cooked ?? '').matchAll(RAW_TABLE))
            if (Object.hasOwn(stores, match[1])) check(quasi, match[1], true);
      },
    };
  },
};
