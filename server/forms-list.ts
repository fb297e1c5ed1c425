/**
 * `npm run forms:list [-- --kind <kind>] [--since <date>] [--limit <n>]`: the stored form
 * submissions, newest first (kind, date, page language, the fields, the CV's path), read from the
 * configured database (DATABASE_URL, or the embedded one in DATA_DIR). The team's way in when no
 * SMTP_URL is set, and a record when it is.
 *
 * With the embedded database (PGlite) stop the server first: one process at a time may open it.
 */

import { parseArgs } from 'node:util';
import { FORM_KINDS, type FormKind } from './contract/forms-rules.ts';
import { createForms, DEFAULT_FORMS_CONFIG, type Submission } from './domain/forms.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/log.ts';
import { runTeamCommand } from './lib/team-command.ts';

const USAGE = `usage: npm run forms:list -- [--kind ${FORM_KINDS.join('|')}] [--since YYYY-MM-DD[THH:MM]] [--limit N]`;

/** Parses the options; a problem is thrown as a sentence for the terminal. */
export function parseListArgs(argv: string[]): {
  kind?: FormKind;
  since?: Date;
  limit?: number;
  help: boolean;
} {
  const { values } = parseArgs({
    args: argv,
    options: {
      kind: { type: 'string' },
      since: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const kind = values.kind as FormKind | undefined;
  if (kind !== undefined && !FORM_KINDS.includes(kind))
    throw new Error(`--kind must be one of: ${FORM_KINDS.join(', ')}`);
  let since: Date | undefined;
  if (values.since !== undefined) {
    // a date alone is midnight UTC
    since = new Date(/^\d{4}-\d{2}-\d{2}$/.test(values.since) ? `${values.since}T00:00:00Z` : values.since);
    if (Number.isNaN(since.getTime()))
      throw new Error('--since must be a date, e.g. 2026-11-20 or 2026-11-20T09:30Z');
  }
  let limit: number | undefined;
  if (values.limit !== undefined) {
    if (!/^[1-9][0-9]{0,5}$/.test(values.limit)) throw new Error('--limit must be a whole number from 1');
    limit = Number(values.limit);
  }
  return { kind, since, limit, help: values.help ?? false };
}

/** One submission as text (what the command prints). */
export function formatSubmission(s: Submission): string {
  const when = `${s.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const lines = [`── ${s.kind} · ${when} · ${s.locale === 'ar' ? 'Arabic' : 'English'} page · ${s.id}`];
  const width = Math.max(...Object.keys(s.fields).map((k) => k.length));
  for (const [k, v] of Object.entries(s.fields)) {
    const label = `   ${`${k}:`.padEnd(width + 1)} `;
    if (v === '') lines.push(`${label}–`);
    else if (v.includes('\n')) lines.push(`   ${k}:`, ...v.split(/\r?\n/).map((l) => `      ${l}`));
    else lines.push(`${label}${v}`);
  }
  if (s.cvPath) lines.push(`   CV: ${s.cvPath} (${s.cvSize} bytes)`);
  lines.push(`   mailed: ${s.mailedAt ? s.mailedAt.toISOString() : 'no'}`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTeamCommand({
    name: 'forms:list',
    usage: USAGE,
    parse: parseListArgs,
    async run(database, args) {
      const forms = createForms({
        database,
        clock: systemClock,
        config: DEFAULT_FORMS_CONFIG,
        log: createLogger({ level: 'silent' }),
        mailer: null,
      });
      const list = await forms.list(args);
      const filters = [args.kind && `kind ${args.kind}`, args.since && `since ${args.since.toISOString()}`]
        .filter(Boolean)
        .join(', ');
      process.stdout.write(
        `${list.length} submission${list.length === 1 ? '' : 's'}${filters ? ` (${filters})` : ''}, newest first\n`,
      );
      for (const s of list) process.stdout.write(`\n${formatSubmission(s)}\n`);
    },
  });
}
