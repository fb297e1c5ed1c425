/**
 * `npm run forms:list [-- --kind <kind>] [--since <date>] [--limit <n>]`: the stored form
 * submissions, newest first (kind, date, page language, the team inbox's status, the fields, the
 * CV's path), read from the configured database (DATABASE_URL, or the embedded one in DATA_DIR).
 * The team's way in when no SMTP_URL is set, and a record when it is.
 *
 * With the embedded database (PGlite) stop the server first: one process at a time may open it.
 */

import { parseArgs } from 'node:util';
import { FORM_KINDS, type FormKind } from '../contract/forms-rules.ts';
import { createForms, DEFAULT_FORMS_CONFIG, type Submission } from './domain/forms.ts';
import { systemClock } from './lib/clock.ts';
import { createLogger } from './lib/log.ts';
import { printable } from './lib/printable.ts';
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

/**
 * One submission as text (what the command prints). Every stored string goes through printable():
 * a field is one line whatever she typed (a newline shows as `\n`), so it cannot act on the
 * terminal or pass for another entry.
 */
export function formatSubmission(s: Submission & { status?: string; urgent?: boolean }): string {
  const when = `${s.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  // the team inbox's status (issue 26), when the row has one
  const status = s.status ? ` · ${printable(s.status)}${s.urgent ? ', urgent' : ''}` : '';
  const lines = [
    `── ${printable(s.kind)} · ${when} · ${s.locale === 'ar' ? 'Arabic' : 'English'} page${status} · ${printable(s.id)}`,
  ];
  const fields = Object.entries(s.fields).map(([k, v]) => [printable(k), printable(v)]);
  const width = Math.max(...fields.map(([k]) => k.length));
  for (const [k, v] of fields) lines.push(`   ${`${k}:`.padEnd(width + 1)} ${v === '' ? '–' : v}`);
  if (s.cvPath) lines.push(`   CV: ${printable(s.cvPath)} (${s.cvSize} bytes)`);
  lines.push(`   mailed: ${s.mailedAt ? s.mailedAt.toISOString() : 'no'}`);
  return lines.join('\n');
}

/** Everything the command prints for a list: the count and its filters, then each submission. */
export function submissionsText(
  list: Submission[],
  { kind, since }: { kind?: FormKind; since?: Date },
): string {
  const filters = [kind && `kind ${kind}`, since && `since ${since.toISOString()}`]
    .filter(Boolean)
    .join(', ');
  const head = `${list.length} submission${list.length === 1 ? '' : 's'}${filters ? ` (${filters})` : ''}, newest first\n`;
  return head + list.map((s) => `\n${formatSubmission(s)}\n`).join('');
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
      process.stdout.write(submissionsText(await forms.list(args), args));
    },
  });
}
