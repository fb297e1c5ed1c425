/**
 * What every part of the content loader shares (loader.ts reads with them): the error listing every
 * problem, row hashes, zod issues as "file: path: message", and a reader that adds "file: missing",
 * "not valid JSON" or "missing folder" to the problems instead of throwing.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { relative } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Locale } from '../lib/i18n.ts';

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

export type PerLocale<T> = Record<Locale, T>;

// biome-ignore lint/suspicious/noExplicitAny: loading works on any Drizzle pg database or transaction
export type AnyDb = PgDatabase<PgQueryResultHKT, any>;
export type Tx = Parameters<Parameters<AnyDb['transaction']>[0]>[0];

const rowHash = (row: object) => createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 32);
/** The row with a hash of itself: stored rows are rewritten only when it changes. */
export const withHash = <T extends object>(row: T): T & { hash: string } => ({ ...row, hash: rowHash(row) });

/** A zod error as "file: path: message" lines. */
export function issues(file: string, error: z.ZodError): string[] {
  return error.issues.map((i) => `${file}: ${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`);
}

/** Not a hidden file (.DS_Store, editors' swap files). */
export const visible = (name: string) => !name.startsWith('.');

/** "Today" as a calendar day in UTC, `YYYY-MM-DD`. */
export const dayOf = (d: Date): string => d.toISOString().slice(0, 10);

export interface Reader {
  /** The path relative to the content folder, as problems name it. */
  rel(path: string): string;
  /** The file's text, or null (and "missing" added). */
  read(path: string): string | null;
  /** The file's JSON, or undefined (and the problem added). */
  readJson(path: string): unknown;
  /** A folder's visible entries, sorted; [] (and "missing folder") when there is none. */
  list(path: string): string[];
}

export function createReader(dir: string, problems: string[]): Reader {
  const rel = (p: string) => relative(dir, p);
  const read = (path: string): string | null => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      problems.push(`${rel(path)}: missing`);
      return null;
    }
  };
  return {
    rel,
    read,
    readJson(path) {
      const text = read(path);
      if (text === null) return undefined;
      try {
        return JSON.parse(text);
      } catch (e) {
        problems.push(`${rel(path)}: not valid JSON (${(e as Error).message})`);
        return undefined;
      }
    },
    list(path) {
      if (!existsSync(path) || !statSync(path).isDirectory()) {
        problems.push(`${rel(path)}: missing folder`);
        return [];
      }
      return readdirSync(path).filter(visible).sort();
    },
  };
}
