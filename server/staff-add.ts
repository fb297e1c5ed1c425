/**
 * `npm run staff:add -- --role expert --expert rana-aziz --email rana@example.org --name "Rana Aziz"
 * [--language ar] [--reset-factors] [--json]` (issue 26): creates a staff account and prints its
 * one-time set-up link, `<PUBLIC_URL>/staff/setup/<token>`, valid STAFF_SETUP_HOURS. Roles: repeat
 * --role or give a comma list (expert, moderator, admin); --expert (an existing expert) is required
 * with the role expert and refused without it. For an e-mail that has an account, a new link is issued
 * (her factors are cleared only with --reset-factors), and the command says so. --json prints
 * {"email","roles","expertId","setupUrl","token"} on one line. Opens the configured database as the
 * other team commands do (DATABASE_URL, or the embedded one in DATA_DIR, migrated first).
 */
import { parseArgs } from 'node:util';
import { STAFF_SETUP_HOURS, type StaffRole } from '../contract/staff.ts';
import { parseEnv } from './config.ts';
import { type AddedStaff, addStaff, type NewStaff, newStaffProblem } from './domain/staff-create.ts';
import { systemClock } from './lib/clock.ts';
import { printable } from './lib/printable.ts';
import { runTeamCommand } from './lib/team-command.ts';

const USAGE =
  'usage: npm run staff:add -- --role <expert|moderator|admin>[,…] [--expert <expert id>] --email <address> --name "<name>" [--language en|ar] [--reset-factors] [--json]';

export type StaffAddArgs = NewStaff & { json: boolean; help: boolean };

export function parseStaffAddArgs(argv: string[]): StaffAddArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      role: { type: 'string', multiple: true },
      expert: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      language: { type: 'string' },
      'reset-factors': { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const help = values.help ?? false;
  const roles = (values.role ?? [])
    .flatMap((r) => r.split(','))
    .map((r) => r.trim())
    .filter(Boolean) as StaffRole[];
  const language = values.language ?? 'en';
  if (language !== 'en' && language !== 'ar') throw new Error('--language must be en or ar');
  const args: StaffAddArgs = {
    email: values.email ?? '',
    name: values.name ?? '',
    roles,
    expertId: values.expert ?? null,
    language,
    resetFactors: values['reset-factors'] ?? false,
    json: values.json ?? false,
    help,
  };
  if (help) return args;
  const problem = newStaffProblem(args);
  if (problem) throw new Error(problem);
  return args;
}

/** What the command prints for an account added (or a new link). */
export function staffAddText(added: AddedStaff, setupUrl: string, json: boolean): string {
  if (json)
    return `${JSON.stringify({ email: added.email, roles: added.roles, expertId: added.expertId, setupUrl, token: added.token })}\n`;
  const who = `${printable(added.email)} (${added.roles.join(', ')}${added.expertId ? `, expert ${printable(added.expertId)}` : ''})`;
  const head = added.created
    ? `Created the staff account ${who}.`
    : `${who} already has an account: this is a new set-up link (the old one no longer works)${added.factorsReset ? '; her passkeys and authenticator app were removed and her sessions ended' : '; her passkeys and authenticator app stay (--reset-factors removes them)'}.`;
  return `${head}\nOne-time set-up link, valid ${STAFF_SETUP_HOURS} hours (until ${added.expiresAt.toISOString()}):\n${setupUrl}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTeamCommand({
    name: 'staff:add',
    usage: USAGE,
    parse: parseStaffAddArgs,
    async run(database, args) {
      const env = parseEnv(process.env);
      const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
      const added = await addStaff(database.db, systemClock, args);
      process.stdout.write(staffAddText(added, `${publicUrl}/staff/setup/${added.token}`, args.json));
    },
  });
}
