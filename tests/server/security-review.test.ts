/**
 * The account review's findings (issue 12), each tried as the reviewer tried it: a takeover
 * through answers that normalise to nothing, data-dir permissions, aliases in the access log,
 * attempt counters that leak, and where the pepper lives.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerProblem, isUsableAnswer, normalizeAnswer } from '../../contract/account-rules.ts';
import { ConfigError, loadConfig, pepperWarnings } from '../../server/config.ts';
import type { Database } from '../../server/db/index.ts';
import { prepareDatabase } from '../../server/db/open.ts';
import { securityAnswers, users } from '../../server/db/schema.ts';
import type { Hasher } from '../../server/lib/hashing.ts';
import { createLogger } from '../../server/lib/log.ts';
import {
  ANSWERS,
  answerQuestions,
  cheapHasher,
  countingHasher,
  expectEnvelope,
  GOOD_PIN,
  OTHER_PIN,
  post,
  registerMember,
  registration,
  testApp,
  uniqueAlias,
} from './helpers.ts';
import { setupTestDb } from './test-db.ts';

const hasher: Hasher = cheapHasher();
const { db, app } = await setupTestDb({ hasher });

/** Characters that are neither letters nor digits: emoji, symbols, punctuation, controls, spaces. */
const symbolChar = fc.constantFrom(
  '🌹',
  '★',
  '☆',
  '?',
  '-',
  '!',
  '.',
  '…',
  '،',
  '؟',
  '٪',
  '♥',
  '😀',
  '👍🏽',
  '\u0000',
  '\u0007',
  '\u200f',
  '\u200d',
  ' ',
  '\t',
  '«',
  '»',
  '*',
  '#',
  '@',
  '~',
  'ـ',
  '\u064b',
  '\u0651',
  '💐',
);
const symbolOnly = fc.array(symbolChar, { minLength: 1, maxLength: 40 }).map((a) => a.join(''));

describe('answers that normalise to nothing (the takeover)', () => {
  it('the rule: fewer than two letters or digits once normalised is refused', () => {
    expect(answerProblem('🌹🌹🌹')).toBe('ANSWER_TOO_SHORT');
    expect(answerProblem('★★')).toBe('ANSWER_TOO_SHORT');
    expect(answerProblem('\u0000')).toBe('ANSWER_TOO_SHORT');
    expect(answerProblem('a!')).toBe('ANSWER_TOO_SHORT');
    expect(answerProblem('   ')).toBe('ANSWER_REQUIRED');
    expect(answerProblem('Al Ain')).toBeNull();
    expect(answerProblem('٧٧')).toBeNull();
    expect(answerProblem('عين')).toBeNull();
    fc.assert(
      fc.property(symbolOnly, (s) => {
        expect(normalizeAnswer(s)).toBe('');
        expect(isUsableAnswer(normalizeAnswer(s))).toBe(false);
        expect(answerProblem(s)).not.toBeNull();
      }),
    );
  });

  it('sign-up refuses symbol-only answers with a translated field error', async () => {
    const r = await post(
      app,
      '/users/register/standard',
      registration({
        securityAnswers: [
          { questionId: 'birth_city', answer: '🌹🌹🌹' },
          { questionId: 'favourite_food', answer: '★★' },
          // a control character (a NUL is refused before any rule, as INVALID: unsafe-text.test.ts)
          { questionId: 'childhood_street', answer: '\u0007' },
        ],
      }),
      { headers: { 'accept-language': 'ar' } },
    );
    expect(r.status).toBe(400);
    expectEnvelope(r, 'VALIDATION_ERROR');
    for (const i of [0, 1, 2]) {
      expect(r.body.error.fieldCodes[`securityAnswers.${i}.answer`]).toBe('ANSWER_TOO_SHORT');
      expect(r.body.error.fields[`securityAnswers.${i}.answer`]).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('sign-up refuses any symbol-only answer (property)', async () => {
    await fc.assert(
      fc.asyncProperty(symbolOnly, async (s) => {
        const r = await post(
          app,
          '/users/register/standard',
          registration({ securityAnswers: ANSWERS.map((a, i) => (i === 1 ? { ...a, answer: s } : a)) }),
        );
        expect(r.status).toBe(400);
        // a NUL is refused before the answer rules (lib/unsafe-text.ts)
        const code = s.includes('\u0000') ? /^INVALID$/ : /^ANSWER_(TOO_SHORT|REQUIRED)$/;
        expect(r.body.error.fieldCodes['securityAnswers.1.answer']).toMatch(code);
      }),
      { numRuns: 40 },
    );
  });

  it('a member stored before the rule with empty answers cannot be taken over by a symbol', async () => {
    // as an older server stored her: every answer the hash of the empty normal form
    const m = await registerMember(app);
    const empty = await hasher.hash('answer', '');
    const { eq } = await import('drizzle-orm');
    const [u] = await db.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.aliasKey, m.alias.toLowerCase()));
    await db.db.update(securityAnswers).set({ answerHash: empty }).where(eq(securityAnswers.userId, u.id));

    for (const attempt of ['?', '-', '🌹', '\u0000']) {
      const r = await answerQuestions(
        app,
        m.alias,
        ANSWERS.map((a) => ({ ...a, answer: attempt })),
      );
      expect(r.status, `answer ${JSON.stringify(attempt)}`).not.toBe(200);
      expect(r.body).not.toHaveProperty('resetToken');
    }
  });
});

describe('sign-in answers tell a stranger nothing', () => {
  /** Counts the statements the database runs while fn runs. */
  async function statementsDuring(database: Database, fn: () => Promise<unknown>): Promise<number> {
    const target =
      (database as unknown as { client?: object; pool?: object }).client ??
      (database as unknown as { pool: object }).pool;
    const t = target as Record<string, (...a: unknown[]) => unknown>;
    const methods = ['query', 'exec'].filter((k) => typeof t[k] === 'function');
    const originals = methods.map((k) => t[k]);
    let count = 0;
    methods.forEach((k, i) => {
      t[k] = function (this: unknown, ...a: unknown[]) {
        count++;
        return originals[i].apply(this, a);
      };
    });
    try {
      await fn();
    } finally {
      methods.forEach((k, i) => {
        t[k] = originals[i];
      });
    }
    return count;
  }

  it('a wrong PIN carries no attempt count and reads the same before and after she signs in', async () => {
    const m = await registerMember(app);
    const first = await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN });
    expect(first.status).toBe(401);
    expect(first.body.error).not.toHaveProperty('attemptsRemaining');
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).body).toEqual(first.body);
    expect((await post(app, '/users/login', { alias: m.alias, pin: GOOD_PIN })).status).toBe(200);
    // a probe after her success answers exactly as before it
    expect((await post(app, '/users/login', { alias: m.alias, pin: OTHER_PIN })).body).toEqual(first.body);
  });

  it('a failed sign-in costs the same work for a known and an unknown alias: one hash, the same statements', async () => {
    const counting = countingHasher();
    const probeApp = testApp({ db, hasher: counting });
    const m = await registerMember(probeApp);
    await counting.dummyVerify(); // warm the dummy hash so both paths do only the verification
    const hashes = () => counting.verifies + counting.dummies; // every verification, real or dummy
    const before = hashes();
    const known = await statementsDuring(db, () =>
      post(probeApp, '/users/login', { alias: m.alias, pin: OTHER_PIN }),
    );
    const knownHashes = hashes() - before;
    const mid = hashes();
    const unknown = await statementsDuring(db, () =>
      post(probeApp, '/users/login', { alias: uniqueAlias('ghost'), pin: OTHER_PIN }),
    );
    const unknownHashes = hashes() - mid;
    expect(knownHashes).toBe(1);
    expect(unknownHashes).toBe(1);
    expect(known).toBeGreaterThan(0);
    expect(unknown).toBe(known);
  });
});

describe('the access log carries no alias or member data', () => {
  it('logs route patterns for the API, not raw paths', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', out: (l) => lines.push(l), err: (l) => lines.push(l) });
    const logged = testApp({ db, hasher, logger });
    const alias = uniqueAlias('secret_alias');
    await post(logged, `/users/verify-alias/${alias}`, {});
    await post(logged, `/users/verify-alias/${encodeURIComponent('ياسمينة_سرية')}`, {});
    await post(logged, `/no-such-route/${alias}`, {});
    const text = lines.join('\n');
    expect(text).not.toContain(alias);
    expect(text).not.toContain('%D9');
    expect(text).not.toContain('ياسمينة');
    const paths = lines.map((l) => JSON.parse(l).path);
    expect(paths).toContain('/api/users/verify-alias/:alias');
    expect(paths).toContain('/api/*');
  });
});

describe('data dir permissions', () => {
  const modeOf = (p: string) => statSync(p).mode & 0o777;
  /** Every file and dir under root, with its mode. */
  function walk(root: string): { path: string; dir: boolean; mode: number }[] {
    const out: { path: string; dir: boolean; mode: number }[] = [];
    const visit = (p: string) => {
      const st = statSync(p);
      out.push({ path: p, dir: st.isDirectory(), mode: st.mode & 0o777 });
      if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
    };
    visit(root);
    return out;
  }
  const expectPrivate = (root: string) => {
    const entries = walk(root);
    expect(entries.length).toBeGreaterThan(3);
    for (const e of entries) expect(e.mode.toString(8), e.path).toBe(e.dir ? '700' : '600');
  };

  it('a new data dir and its database are private, with a generated pepper', async () => {
    const root = mkdtempSync(join(tmpdir(), 'amina-perm-'));
    const dataDir = join(root, 'data');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.pepperSource).toBe('dataDir');
    const database = await prepareDatabase(config);
    await database.close();
    expectPrivate(dataDir);
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('an existing, open data dir is tightened, with AUTH_PEPPER set', async () => {
    const root = mkdtempSync(join(tmpdir(), 'amina-perm-'));
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'old'), { recursive: true });
    writeFileSync(join(dataDir, 'old', 'leftover'), 'x');
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'old'), 0o777);
    chmodSync(join(dataDir, 'old', 'leftover'), 0o666);
    // the pepper and the booking data key (issue 20) came from the environment: nothing written yet
    const config = loadConfig({
      DATA_DIR: dataDir,
      AUTH_PEPPER: 'p'.repeat(40),
      BOOKING_DATA_KEY: 'ab'.repeat(32),
    });
    expect(modeOf(dataDir)).toBe(0o755);
    const database = await prepareDatabase(config);
    await database.close();
    expect(readdirSync(dataDir)).not.toContain('secrets');
    expectPrivate(dataDir);
    rmSync(root, { recursive: true, force: true });
  }, 60_000);
});

describe('the pepper apart from the database', () => {
  it('warns once when the generated pepper sits beside the embedded database, not otherwise', () => {
    const dataDir = '/srv/amina';
    expect(pepperWarnings({ pepperSource: 'dataDir', databaseUrl: undefined, dataDir })).toEqual([
      expect.stringContaining('beside the database'),
    ]);
    expect(pepperWarnings({ pepperSource: 'env', databaseUrl: undefined, dataDir })).toEqual([]);
    expect(pepperWarnings({ pepperSource: 'pepperFile', databaseUrl: undefined, dataDir })).toEqual([]);
  });

  it('reads AUTH_PEPPER_FILE, refuses a short one, and refuses both settings at once', () => {
    const d = mkdtempSync(join(tmpdir(), 'amina-pepperfile-'));
    const file = join(d, 'pepper');
    writeFileSync(file, `${'k'.repeat(44)}\n`, { mode: 0o600 });
    const config = loadConfig({
      DATA_DIR: join(d, 'data'),
      AUTH_PEPPER_FILE: file,
      BOOKING_DATA_KEY: 'ab'.repeat(32),
    });
    expect(config.pepper).toBe('k'.repeat(44));
    expect(config.pepperSource).toBe('pepperFile');
    // nothing generated in the data dir (the booking data key, issue 20, came from the environment)
    expect(() => statSync(join(d, 'data', 'secrets'))).toThrow();
    writeFileSync(file, 'short');
    expect(() => loadConfig({ DATA_DIR: join(d, 'data'), AUTH_PEPPER_FILE: file })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: d, AUTH_PEPPER_FILE: join(d, 'missing') })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: d, AUTH_PEPPER: 'p'.repeat(40), AUTH_PEPPER_FILE: file })).toThrow(
      ConfigError,
    );
    rmSync(d, { recursive: true, force: true });
  });
});
