/**
 * The one formatter configuration of the workspace (the root prettier.config.js re-exports it).
 * 100 columns: wide enough for a signature, narrow enough that no reader scrolls.
 * @type {import('prettier').Config}
 */
export default {
  printWidth: 100,
  singleQuote: true,
  trailingComma: 'all',
  arrowParens: 'always',
  endOfLine: 'lf',
  proseWrap: 'preserve',
  overrides: [{ files: '*.md', options: { embeddedLanguageFormatting: 'off' } }],
};
