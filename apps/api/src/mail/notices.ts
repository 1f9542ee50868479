import { Language, LanguageHeader, type MailCategory, type NoticeKind } from '@nimbus/domain';
import { translate, type TranslationKey } from '@nimbus/i18n/server';

/**
 * The texts of the notice e-mails the server sends (kinds of mail_queue rows, domain
 * NoticeKind). Each kind's texts are `mail:<kind>_subject` and `mail:<kind>_body` in both
 * catalogues, with the row's variables; an optional notice ends with the unsubscribe footer.
 */

export type NoticeVars = Record<string, string | number>;

/** A users.language / mail_queue.language value ('en' | 'zh_CN') as a Language. */
export const languageOf = (header: string): Language =>
  header === LanguageHeader[Language.EN] ? Language.EN : Language.ZH_CN;

export function noticeTexts(
  kind: string,
  languageHeader: string,
  vars: NoticeVars,
  unsubscribe?: { category: MailCategory; url: string },
): { subject: string; body: string } {
  const language = languageOf(languageHeader);
  const body = translate(language, `mail:${kind}_body` as TranslationKey, vars);
  return {
    subject: translate(language, `mail:${kind}_subject` as TranslationKey, vars),
    body: unsubscribe
      ? `${body}\n\n--\n${translate(language, 'mail:unsubscribe_footer', {
          category: translate(language, `mail:category_${unsubscribe.category}`),
          url: unsubscribe.url,
        })}`
      : body,
  };
}

export type { NoticeKind };
