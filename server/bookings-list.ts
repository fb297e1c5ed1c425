/**
 * `npm run bookings:list [-- --since <date>] [--limit <n>]`: the consultations for the team, newest
 * start first: expert, offer, mode, start and end in the expert's own time zone (and UTC), status
 * (an unpaid hold past its 10 minutes reads as expired), price, refund. Never a member's personal
 * details: the sealed names and date of birth of a medical consultation are not read; "medical"
 * only says that they were asked for. Read from the configured database (DATABASE_URL, or the
 * embedded one in DATA_DIR; with PGlite stop the server first: one process at a time may open it).
 */
import { parseArgs } from 'node:util';
import { listBookingsForTeam, type TeamBooking } from './domain/consultations.ts';
import { systemClock } from './lib/clock.ts';
import { printable } from './lib/printable.ts';
import { runTeamCommand } from './lib/team-command.ts';

const USAGE = 'usage: npm run bookings:list -- [--since YYYY-MM-DD[THH:MM]] [--limit N]';

export function parseBookingArgs(argv: string[]): { since?: Date; limit: number; help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      since: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  let since: Date | undefined;
  if (values.since !== undefined) {
    since = new Date(/^\d{4}-\d{2}-\d{2}$/.test(values.since) ? `${values.since}T00:00:00Z` : values.since);
    if (Number.isNaN(since.getTime())) throw new Error('--since must be a date, e.g. 2026-12-01');
  }
  let limit = 200;
  if (values.limit !== undefined) {
    if (!/^[1-9][0-9]{0,4}$/.test(values.limit)) throw new Error('--limit must be a whole number from 1');
    limit = Number(values.limit);
  }
  return { since, limit, help: values.help ?? false };
}

const dollars = (cents: number) => `$${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** One booking as a line (what the command prints). */
export function formatBooking(b: TeamBooking): string {
  const zone = b.zone ?? 'UTC';
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const endLocal = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const utc = `${b.startsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const money = b.total === 0 ? 'free' : `${dollars(b.total)}${b.amountPaid ? ' paid' : ''}`;
  const refund = b.refundAmount ? `, refunded ${dollars(b.refundAmount)}` : '';
  // every stored string through printable(): nothing from the database acts on the terminal
  const what = `${printable(b.expertId)} · ${printable(b.offerId)} ${printable(b.mode)}`;
  return `${printable(b.status).padEnd(9)} ${local.format(b.startsAt)}–${endLocal.format(b.endsAt)} ${printable(zone)} (${utc}) · ${what}${b.medical ? ' (medical)' : ''} · ${money}${refund} · ${printable(b.id)}`;
}

/** Everything the command prints for a list: the count, then one line per booking. */
export function bookingsText(list: TeamBooking[], since?: Date): string {
  const head = `${list.length} booking${list.length === 1 ? '' : 's'}${since ? ` starting after ${since.toISOString()}` : ''}, newest start first\n`;
  return head + list.map((b) => `${formatBooking(b)}\n`).join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTeamCommand({
    name: 'bookings:list',
    usage: USAGE,
    parse: parseBookingArgs,
    async run(database, args) {
      const list = await listBookingsForTeam(database.db, systemClock.now(), args.limit, args.since);
      process.stdout.write(bookingsText(list, args.since));
    },
  });
}
