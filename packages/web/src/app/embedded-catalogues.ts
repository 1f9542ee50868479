import { isLanguage, type Language } from '@nimbus/i18n';

/** The id of the script element in which a pre-rendered page carries its catalogues. */
export const EMBEDDED_CATALOGUES_ID = 'nimbus-i18n';

export interface EmbeddedCatalogues {
  language: Language;
  resources: Record<string, Record<string, string>>;
}

/** The catalogues a pre-rendered page embedded (so it hydrates with no catalogue request). */
export function readEmbeddedCatalogues(doc: Document = document): EmbeddedCatalogues | null {
  const text = doc.getElementById(EMBEDDED_CATALOGUES_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<EmbeddedCatalogues>;
    return isLanguage(parsed.language) && parsed.resources
      ? { language: parsed.language, resources: parsed.resources }
      : null;
  } catch {
    return null;
  }
}

/** JSON safe inside a <script> element. */
export function serializeEmbeddedCatalogues(value: EmbeddedCatalogues): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
