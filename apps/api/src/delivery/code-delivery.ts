import { ErrorCode } from '@nimbus/api-sdk/contract';
import { type Language, LanguageHeader, VERIFICATION_CODE_TTL_SECONDS } from '@nimbus/domain';
import { hasTranslation, translate, type TranslationKey } from '@nimbus/i18n/server';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { CodeChannel, CodePurpose } from '../security/verification-codes.ts';
import { Refusal } from '../errors/refusal.ts';
import type { DevOutbox } from './outbox.ts';
import { sendSms } from './sms.ts';

export interface CodeMessage {
  channel: CodeChannel;
  /** Normalised e-mail address or E.164 number. */
  to: string;
  purpose: CodePurpose;
  /** The code; empty in a notice, which carries none. */
  code: string;
  language: Language;
  /**
   * Instead of the code, a notice: `account_exists` tells the owner of an address that someone
   * asked for a registration code for it, with links to log in or reset the password.
   */
  notice?: 'account_exists';
}

export interface DeliveryOptions {
  production: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  outbox: DevOutbox;
  log: FastifyBaseLogger;
  /** The public origin, for the links in notices. */
  publicUrl: string;
}

/**
 * The texts a code travels in, from the `mail` namespace of @nimbus/i18n (code_subject,
 * code_body, code_sms; vars code, minutes). Until the catalogues carry that namespace the
 * message is built from the form's own label ("Verification code: 123456" / "验证码：123456"),
 * so no text is ever invented here or sent as a raw key.
 */
export function codeTexts(
  message: Pick<CodeMessage, 'code' | 'language' | 'notice'>,
  publicUrl = '',
): {
  subject: string;
  body: string;
  sms: string;
} {
  const key = (name: string) => `mail:${name}` as TranslationKey;
  if (message.notice === 'account_exists') {
    const links = { loginUrl: `${publicUrl}/login`, resetUrl: `${publicUrl}/resetpassword` };
    return {
      subject: translate(message.language, key('account_exists_subject')),
      body: translate(message.language, key('account_exists_body'), links),
      sms: translate(message.language, key('account_exists_sms'), links),
    };
  }
  const vars = { code: message.code, minutes: Math.round(VERIFICATION_CODE_TTL_SECONDS / 60) };
  if (hasTranslation(key('code_body'), message.language)) {
    return {
      subject: translate(message.language, key('code_subject'), vars),
      body: translate(message.language, key('code_body'), vars),
      sms: translate(message.language, key('code_sms'), vars),
    };
  }
  const label = translate(message.language, 'auth:field_code');
  const line =
    message.language === 'en' ? `${label}: ${message.code}` : `${label}：${message.code}`;
  return { subject: label, body: line, sms: line };
}

/**
 * Sends verification codes: e-mail through SMTP (nodemailer) when SMTP_URL is set, SMS through
 * the HTTP adapter when SMS_WEBHOOK_URL is set. Without them, outside production, a code goes
 * to the dev outbox (logged and listed at GET /dev/outbox); in production a missing channel is
 * SERVICE_UNAVAILABLE, never a code written to a log.
 */
export class CodeDelivery {
  private readonly mailer: Transporter | undefined;

  constructor(private readonly options: DeliveryOptions) {
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  async send(message: CodeMessage, now: number): Promise<void> {
    const { channel } = message;
    const configured =
      channel === 'email' ? this.mailer !== undefined : this.options.smsWebhookUrl !== undefined;
    if (!configured) {
      if (this.options.production) {
        this.options.log.error(
          { channel },
          'no delivery configured for verification codes on this channel',
        );
        throw new Refusal(ErrorCode.SERVICE_UNAVAILABLE);
      }
      this.options.outbox.add({
        to: message.to,
        channel,
        purpose: message.purpose,
        code: message.code,
        time: now,
        ...(message.notice ? { notice: message.notice } : {}),
      });
      this.options.log.info(
        {
          outbox: {
            to: message.to,
            channel,
            purpose: message.purpose,
            code: message.code,
            notice: message.notice,
          },
        },
        message.notice ? 'dev outbox: notice' : 'dev outbox: verification code',
      );
      return;
    }
    const text = codeTexts(message, this.options.publicUrl);
    try {
      if (channel === 'email' && this.mailer) {
        await this.mailer.sendMail({
          from: this.options.mailFrom,
          to: message.to,
          subject: text.subject,
          text: text.body,
        });
      } else if (this.options.smsWebhookUrl) {
        await sendSms(this.options.smsWebhookUrl, this.options.smsWebhookToken, {
          to: message.to,
          text: text.sms,
          purpose: message.purpose,
          language: LanguageHeader[message.language],
        });
      }
    } catch (error) {
      this.options.log.error({ err: error, channel }, 'verification code delivery failed');
      throw new Refusal(ErrorCode.SERVICE_UNAVAILABLE);
    }
  }

  /**
   * Sends a notice e-mail (src/mail): through SMTP when configured, else outside production to
   * the dev outbox (purpose `notice:<kind>`). Throws when it cannot be sent, so the queue tries
   * again later.
   */
  async sendNotice(
    notice: {
      to: string;
      kind: string;
      subject: string;
      body: string;
      /** An optional notice's unsubscribe addresses (List-Unsubscribe, RFC 2369 and 8058). */
      unsubscribe?: { page: string; oneClick: string };
    },
    now: number,
  ): Promise<void> {
    if (!this.mailer) {
      if (this.options.production) throw new Error('no SMTP configured for notice e-mails');
      this.options.outbox.add({
        to: notice.to,
        channel: 'email',
        purpose: `notice:${notice.kind}`,
        code: '',
        subject: notice.subject,
        body: notice.body,
        time: now,
      });
      this.options.log.info({ outbox: { to: notice.to, kind: notice.kind } }, 'dev outbox: notice');
      return;
    }
    await this.mailer.sendMail({
      from: this.options.mailFrom,
      to: notice.to,
      subject: notice.subject,
      text: notice.body,
      ...(notice.unsubscribe
        ? {
            list: { unsubscribe: notice.unsubscribe.oneClick },
            headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }
        : {}),
    });
  }

  close(): void {
    this.mailer?.close();
  }
}
