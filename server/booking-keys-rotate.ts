/**
 * `npm run keys:rotate-booking [-- --reseal-only] [--drop-old]`: rotates the key that seals
 * bookings' personal details (issue 20).
 *
 * - With the generated key file (DATA_DIR/secrets/booking-data-key, neither BOOKING_DATA_KEY nor
 *   BOOKING_DATA_KEY_FILE set): puts a new random key first (the older ones stay below it, still
 *   opening what they sealed), then re-seals every booking under it. A later `--drop-old` removes
 *   the older keys once no booking carries their id: run it after every server has restarted with
 *   the new key (a server still running with the old file would go on sealing with the old key).
 * - With BOOKING_DATA_KEY or BOOKING_DATA_KEY_FILE the keys are yours: put the new `id:key` first,
 *   keep the old ones after it, run this (or restart: every start re-seals too), then remove the
 *   old ones it reports unused.
 * - `--reseal-only`: no new key; re-seal under the current one (what every start does).
 * - `--drop-old` adds no key either: it re-seals, then drops what no booking needs any more.
 *
 * Prints key ids and counts, never a key or a detail. On the embedded database stop the server
 * first (one process at a time may open it).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import {
  bookingKeyFile,
  bookingKeyRing,
  loadOrCreateBookingKeys,
  newBookingKey,
  writeBookingKeys,
} from './domain/consultations-config.ts';
import { detailsByKey, resealDetails } from './domain/consultations-keys.ts';
import { runTeamCommand } from './lib/team-command.ts';

const USAGE = 'usage: npm run keys:rotate-booking -- [--reseal-only] [--drop-old]';

export function parseRotateArgs(argv: string[]): { resealOnly: boolean; dropOld: boolean; help: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      'reseal-only': { type: 'boolean' },
      'drop-old': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  return {
    resealOnly: values['reseal-only'] ?? false,
    dropOld: values['drop-old'] ?? false,
    help: values.help ?? false,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTeamCommand({
    name: 'keys:rotate-booking',
    usage: USAGE,
    parse: parseRotateArgs,
    async run(database, args) {
      // the keys and the pepper as the server reads them (this command charges nothing: PAYMENTS aside)
      const config = loadConfig({ ...process.env, NODE_ENV: undefined });
      const out = (line: string) => process.stdout.write(`${line}\n`);
      let ring = config.consultations!.dataKeys;
      const generated = config.bookingKeySource === 'dataDir';
      const file = bookingKeyFile(config.dataDir);
      if (!args.resealOnly && !args.dropOld) {
        if (generated) {
          const added = newBookingKey();
          writeBookingKeys(file, [added, ...loadOrCreateBookingKeys(config.dataDir)]);
          ring = bookingKeyRing(loadOrCreateBookingKeys(config.dataDir), config.pepper);
          out(`added key ${added.id} to ${file}: it seals from now on`);
        } else {
          out(
            `the keys come from ${config.bookingKeySource === 'env' ? 'BOOKING_DATA_KEY' : 'BOOKING_DATA_KEY_FILE'}: put a new id:key first there to rotate; re-sealing under the current key`,
          );
        }
      }
      const r = await resealDetails(database.db, ring);
      out(`current key ${ring.current.id}: ${r.resealed} booking(s) re-sealed`);
      for (const [id, n] of Object.entries(r.unreadable))
        out(
          `${n} booking(s) sealed under key ${id} that no configured key opens: restore that key and run again`,
        );
      const used = await detailsByKey(database.db);
      const unused = ring.older.filter((k) => !used[k.id]);
      if (args.dropOld && generated) {
        if (Object.keys(used).some((id) => id !== ring.current.id)) {
          out('not dropping older keys: some bookings still need them (see above)');
        } else {
          writeBookingKeys(file, [ring.current]);
          out(`dropped ${ring.older.length} older key(s) from ${file}`);
        }
      } else if (unused.length) {
        out(
          `no booking uses ${unused.map((k) => k.id).join(', ')} any more: remove once every server runs with ${ring.current.id}${generated ? ' (--drop-old)' : ''}`,
        );
      }
    },
  });
}
