/**
 * The shape every `npm run …:list` command for the team shares: parse the options (a problem is a
 * sentence and exit 2), `--help`, open the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR, migrated), run, close it whatever happens, and exit 1 with one line on a failure.
 * Whatever a command prints from the database goes through printable() (lib/printable.ts).
 */
import { resolve } from 'node:path';
import { parseEnv } from '../config.ts';
import type { Database } from '../db/index.ts';
import { prepareDatabase } from '../db/open.ts';
import { printable } from './printable.ts';

export function runTeamCommand<A extends { help: boolean }>({
  name,
  usage,
  parse,
  run,
}: {
  name: string;
  usage: string;
  parse: (argv: string[]) => A;
  run: (database: Database, args: A) => Promise<void>;
}): void {
  const main = async () => {
    let args: A;
    try {
      args = parse(process.argv.slice(2));
    } catch (e) {
      process.stderr.write(`${printable((e as Error).message)}\n${usage}\n`);
      process.exit(2);
    }
    if (args.help) {
      process.stdout.write(`${usage}\n`);
      return;
    }
    const env = parseEnv(process.env);
    const database = await prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir: resolve(env.DATA_DIR) });
    try {
      await run(database, args);
    } finally {
      await database.close();
    }
  };
  main().catch((e) => {
    // a database error's message can quote stored text: printed as printable() shows it
    process.stderr.write(`${name} failed: ${printable((e as Error).message)}\n`);
    process.exit(1);
  });
}
