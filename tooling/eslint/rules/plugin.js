// The workspace's own lint rules, as the `nimbus` plugin.
import { importExtensions } from './import-extensions.js';
import { nounEntry } from './noun-entry.js';
import { tableStores } from './table-stores.js';

export const nimbusPlugin = {
  rules: {
    'import-extensions': importExtensions,
    'noun-entry': nounEntry,
    'table-stores': tableStores,
  },
};
