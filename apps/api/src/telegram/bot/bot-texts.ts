import { Language, LanguageHeader } from '@nimbus/domain';

/** The bot speaks the member's language once linked, else the language Telegram reports. */
export function chatLanguage(
  memberLanguage: string | undefined,
  telegramLanguage: string | undefined,
): Language {
  if (memberLanguage !== undefined)
    return memberLanguage === LanguageHeader[Language.EN] ? Language.EN : Language.ZH_CN;
  return telegramLanguage?.toLowerCase().startsWith('zh') ? Language.ZH_CN : Language.EN;
}
