// @nimbus/i18n's language detection reads `globalThis.document` when it runs in a browser; the
// server compiles without the DOM library, so this names just the shape that code reads.
// Remove when @nimbus/i18n/server no longer reaches browser globals (reported to i18n).
declare global {
  var document: { cookie: string; documentElement?: { lang: string } } | undefined;
}

export {};
