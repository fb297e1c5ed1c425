/**
 * "A new reply in the circle" by e-mail (issue 27): only to a thread's author who asked for it
 * (circle_members.emailReplies) and has an address in Account Settings, in her language. The mail
 * says nothing of the reply, its author or the thread: a short line and the link to her replies.
 * Sent after the reply is stored, through SMTP_URL's transport (forms-mail.ts); a failure is logged
 * (never the address) and lost: the in-product badge still tells her.
 */
import type { Transporter } from 'nodemailer';
import { CIRCLE_PAGES } from '../../contract/circle.ts';
import { type Locale, message } from '../lib/i18n.ts';

export interface ReplyMail {
  to: string;
  locale: Locale;
}

export interface CircleReplyMailer {
  send(mail: ReplyMail): Promise<unknown>;
}

/** The mail's subject and text (exported for the tests). */
export function replyMailContent(locale: Locale, publicUrl: string): { subject: string; text: string } {
  const link = `${publicUrl.replace(/\/+$/, '')}${CIRCLE_PAGES.replies}`;
  return {
    subject: message(locale, 'server.mail.circle.reply.subject'),
    text: `${message(locale, 'server.mail.circle.reply.text')}\n\n${link}\n`,
  };
}

export function createCircleReplyMailer(
  transport: Transporter,
  from: string,
  publicUrl: string,
): CircleReplyMailer {
  return {
    send({ to, locale }) {
      const { subject, text } = replyMailContent(locale, publicUrl);
      return transport.sendMail({ from, to, subject, text });
    },
  };
}
