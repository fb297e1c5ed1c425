/**
 * The team's copy of each form submission, by SMTP (nodemailer): a plain-text mail listing the
 * fields, Reply-To the address the person gave (when she gave one), the CV attached. The transport
 * is made once; tests pass their own (a loopback SMTP server, or nodemailer's stream transport).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { checkEmail } from '../../contract/account-rules.ts';
import { type Locale, message, type Values } from '../lib/i18n.ts';
import type { Submission } from './forms-submission.ts';

export interface FormMailer {
  send(submission: Submission): Promise<unknown>;
}

/**
 * The mail's subject, text and Reply-To (exported for the tests and `forms:list`), in the team's
 * language (English unless asked), its words from the catalogue (`server.mail.*`).
 */
export function mailContent(
  s: Submission,
  locale: Locale = 'en',
): { subject: string; text: string; replyTo?: string } {
  const t = (id: string, values?: Values) => message(locale, id, values);
  const title = t(`server.mail.form.kind.${s.kind}`);
  const lines = [
    title,
    t('server.mail.form.received', { at: s.createdAt.toISOString() }),
    t('server.mail.form.language', { language: s.locale }),
    t('server.mail.form.reference', { id: s.id }),
    '',
    ...Object.entries(s.fields).map(
      ([k, v]) => `${k}: ${v === '' ? t('server.mail.form.notGiven') : v.includes('\n') ? `\n${v}\n` : v}`,
    ),
  ];
  if (s.cvPath) lines.push('', t('server.mail.form.cv', { bytes: String(s.cvSize), path: s.cvPath }));
  const reply = [s.fields.email, s.fields.replyTo].find((v) => v && checkEmail(v).ok);
  const topic = s.fields.subject || s.fields.organisation || s.fields.topic || s.fields.name || '';
  const subject = topic
    ? t('server.mail.subjectAbout', { title, topic: topic.slice(0, 80) })
    : t('server.mail.subject', { title });
  return { subject, text: `${lines.join('\n')}\n`, ...(reply ? { replyTo: reply } : {}) };
}

/** A nodemailer transport for SMTP_URL with short timeouts (also used by the consultations' mail). */
export function smtpTransport(smtpUrl: string | undefined): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    // a slow mail server must not hold memory (or a CV's attachment) for long
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as never);
}

export function createFormMailer({
  smtpUrl,
  to,
  from,
  transport,
}: {
  smtpUrl?: string;
  to: string;
  from: string;
  /** A ready transport (tests); otherwise one from smtpUrl. */
  transport?: Transporter;
}): FormMailer {
  const t = transport ?? smtpTransport(smtpUrl);
  return {
    send(s) {
      const { subject, text, replyTo } = mailContent(s);
      return t.sendMail({
        from,
        to,
        subject,
        text,
        ...(replyTo ? { replyTo } : {}),
        ...(s.cvPath
          ? {
              attachments: [
                {
                  filename: `cv-${s.createdAt.toISOString().slice(0, 10)}-${s.id.slice(0, 8)}.pdf`,
                  path: s.cvPath,
                  contentType: 'application/pdf',
                },
              ],
            }
          : {}),
      });
    },
  };
}
