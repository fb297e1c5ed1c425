/**
 * The public forms (issue 9): a submission is stored (kind, fields, language, the clock's time), a
 * CV is written under the uploads dir with a random name (dir 0700, file 0600, never served), and,
 * when SMTP is configured, the team gets a mail (the CV attached) after the answer has gone: a
 * failed mail is logged without contents and the submission stays stored.
 *
 * Nothing here logs what a person wrote or her e-mail address: only the kind and the row's id.
 */
import { randomUUID } from 'node:crypto';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { FormKind } from '../../contract/forms-rules.ts';
import type { FormsConfig } from '../config.ts';
import type { Database } from '../db/index.ts';
import { formSubmissions } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../lib/data-dir.ts';
import type { Locale } from '../lib/i18n.ts';
import type { Logger } from '../lib/log.ts';
import { createFormMailer, type FormMailer } from './forms-mail.ts';
import type { Submission } from './forms-submission.ts';

export const DEFAULT_FORMS_CONFIG: FormsConfig = {
  rateLimit: { limit: 10, windowMs: 15 * 60_000 },
  uploadsDir: resolve('data', 'uploads'),
  teamEmail: 'team@amina.health',
  mailFrom: 'forms@amina.health',
};

export type { Submission } from './forms-submission.ts';

export interface Forms {
  /** Stores a submission (and its CV), then mails the team in the background. */
  submit(input: {
    kind: FormKind;
    locale: Locale;
    fields: Record<string, string>;
    cv?: Uint8Array;
  }): Promise<Submission>;
  /** Newest first; `kind` and `since` narrow it. */
  list(filter?: { kind?: FormKind; since?: Date; limit?: number }): Promise<Submission[]>;
  /** Resolves when the mails in flight have been sent or have failed (tests, shutdown). */
  idle(): Promise<void>;
}

export function createForms({
  database,
  clock,
  config = DEFAULT_FORMS_CONFIG,
  log,
  mailer,
}: {
  database: Database;
  clock: Clock;
  config?: FormsConfig;
  log: Logger;
  /** Overrides the mailer made from config.smtpUrl (tests pass a stream transport). */
  mailer?: FormMailer | null;
}): Forms {
  const { db } = database;
  const mail =
    mailer !== undefined
      ? mailer
      : config.smtpUrl
        ? createFormMailer({ smtpUrl: config.smtpUrl, to: config.teamEmail, from: config.mailFrom })
        : null;
  const pending = new Set<Promise<void>>();

  function writeCv(bytes: Uint8Array): string {
    ensurePrivateDir(config.uploadsDir);
    const path = join(config.uploadsDir, `${randomUUID()}.pdf`);
    // wx: a fresh file only; the mode is set again in case the umask took bits away from 0600
    writeFileSync(path, bytes, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    chmodSync(path, PRIVATE_FILE_MODE);
    return path;
  }

  function sendInBackground(submission: Submission) {
    if (!mail) return;
    const job = mail
      .send(submission)
      .then(async () => {
        const at = clock.now();
        await database.transaction((tx) =>
          tx.update(formSubmissions).set({ mailedAt: at }).where(eq(formSubmissions.id, submission.id)),
        );
        submission.mailedAt = at;
      })
      .catch((e: unknown) => {
        // the SMTP error's code only: its text may quote addresses
        const err = e as { code?: unknown; responseCode?: unknown };
        log.error('form mail failed', {
          kind: submission.kind,
          id: submission.id,
          code: typeof err?.code === 'string' ? err.code : undefined,
          responseCode: typeof err?.responseCode === 'number' ? err.responseCode : undefined,
        });
      })
      .finally(() => pending.delete(job));
    pending.add(job);
  }

  return {
    async submit({ kind, locale, fields, cv }) {
      const cvPath = cv ? writeCv(cv) : null;
      const row = {
        id: randomUUID(),
        kind,
        locale,
        fields,
        cvPath,
        cvSize: cv ? cv.byteLength : null,
        createdAt: clock.now(),
        mailedAt: null,
      };
      // the team inbox (issue 26) lists concerns first: they are stored urgent
      const urgent = kind === 'concern';
      try {
        // in a transaction: on PGlite (one connection) it then waits for any other to finish
        await database.transaction((tx) => tx.insert(formSubmissions).values({ ...row, urgent }));
      } catch (e) {
        if (cvPath) rmSync(cvPath, { force: true });
        throw e;
      }
      log.info('form received', { kind, id: row.id, cv: cvPath !== null });
      const submission: Submission = row;
      sendInBackground(submission);
      return submission;
    },

    async list({ kind, since, limit } = {}) {
      const where: SQL[] = [];
      if (kind) where.push(eq(formSubmissions.kind, kind));
      if (since) where.push(gte(formSubmissions.createdAt, since));
      const rows = await db
        .select()
        .from(formSubmissions)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
        .limit(limit ?? 10_000);
      return rows.map((r) => ({ ...r, kind: r.kind as FormKind, locale: r.locale as Locale }));
    },

    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
