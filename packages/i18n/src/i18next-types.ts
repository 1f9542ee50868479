// Types every `t('ns:key')` in the apps and the server against the English catalogue, so a
// mistyped key fails the typecheck instead of showing the raw key to a user.
import type { Catalogue, defaultNS } from './resources.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    // Catalogues are flat: a dot is part of a key, never a path.
    keySeparator: false;
  }
  // The monorepo-friendly way to declare namespaces (an app may add its own beside these).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merging needs an interface
  interface ResourceNamespaceMap extends Catalogue {}
}

export {};
