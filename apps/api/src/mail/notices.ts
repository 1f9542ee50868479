import { Language, LanguageHeader } from '@nimbus/domain';
import { translate, type TranslationKey } from '@nimbus/i18n/server';

/**
 * The notice e-mails the server sends (kinds of mail_queue rows). Each kind's texts are
 * `mail:<kind>_subject` and `mail:<kind>_body` in both catalogues, with the row's variables.
 */
export const NOTICE_KINDS = ['kol_wallet_changed'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

const languageOf = (header: string): Language =>
  header === LanguageHeader[Language.EN] ? Language.EN : Language.ZH_CN;

export function noticeTexts(
  kind: string,
  languageHeader: string,
  vars: Record<string, string | number>,
): { subject: string; body: string } {
  const language = languageOf(languageHeader);
  return {
    subject: translate(language, `mail:${kind}_subject` as TranslationKey, vars),
    body: translate(language, `mail:${kind}_body` as TranslationKey, vars),
  };
}
