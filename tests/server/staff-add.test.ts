/**
 * `npm run staff:add` (issue 26): its options (roles repeated or as a list, --expert required with
 * the role expert and refused without it), the account and its set-up link, a new link for an
 * existing e-mail (factors kept unless --reset-factors), the audit row, and one real run of the
 * command on a fresh data directory (migrated first) with --json.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, staff, staffPasskeys } from '../../server/db/schema.ts';
import { addStaff } from '../../server/domain/staff-create.ts';
import { ManualClock } from '../../server/lib/clock.ts';
import { tokenDigest } from '../../server/lib/hashing.ts';
import { parseStaffAddArgs, staffAddText } from '../../server/staff-add.ts';
import { setupTestDb } from './test-db.ts';

const clock = new ManualClock(Date.UTC(2026, 10, 28, 9, 0));
const { db: database } = await setupTestDb({ clock });
const { db } = database;

describe('staff:add options', () => {
  it('reads roles repeated or as a list, the language, and the flags', () => {
    const a = parseStaffAddArgs([
      '--role',
      'expert',
      '--role',
      'moderator,admin',
      '--expert',
      'rana-aziz',
      '--email',
      'r@example.org',
      '--name',
      'Rana Aziz',
      '--language',
      'ar',
      '--json',
    ]);
    expect(a).toMatchObject({
      roles: ['expert', 'moderator', 'admin'],
      expertId: 'rana-aziz',
      language: 'ar',
      json: true,
      resetFactors: false,
    });
  });

  it('refuses what cannot be done, in words', () => {
    const base = ['--email', 'r@example.org', '--name', 'Rana'];
    expect(() => parseStaffAddArgs(['--role', 'expert', ...base])).toThrow(
      '--expert is required with the role expert',
    );
    expect(() => parseStaffAddArgs(['--role', 'admin', '--expert', 'rana-aziz', ...base])).toThrow(
      '--expert is only for the role expert',
    );
    expect(() => parseStaffAddArgs(['--role', 'boss', ...base])).toThrow('unknown role "boss"');
    expect(() => parseStaffAddArgs(base)).toThrow('--role is required');
    expect(() => parseStaffAddArgs(['--role', 'admin', '--email', 'nope', '--name', 'R'])).toThrow('--email');
    expect(() => parseStaffAddArgs(['--role', 'admin', ...base, '--language', 'fr'])).toThrow('--language');
    expect(() => parseStaffAddArgs(['--role', 'admin', ...base, '--colour', 'red'])).toThrow();
  });
});

describe('adding a staff account', () => {
  it('creates her with a 72-hour link, stored only as a digest, and audits it', async () => {
    const added = await addStaff(db, clock, {
      email: ' Maya@Example.org ',
      name: 'Maya Khoury',
      roles: ['expert'],
      expertId: 'maya-khoury',
      language: 'en',
    });
    expect(added).toMatchObject({ email: 'maya@example.org', created: true, expertId: 'maya-khoury' });
    expect(added.expiresAt.getTime() - clock.now().getTime()).toBe(72 * 3_600_000);
    const [row] = await db.select().from(staff).where(eq(staff.id, added.id));
    expect(row.setupTokenHash).toBe(tokenDigest(added.token));
    expect(row.passwordHash).toBeNull();
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.targetId, added.id));
    expect(audit).toMatchObject({
      action: 'staff.created',
      staffId: null,
      detail: { roles: 'expert', newLink: false },
    });
    const text = staffAddText(added, `http://localhost:3000/staff/setup/${added.token}`, false);
    expect(text).toContain('Created the staff account maya@example.org (expert, expert maya-khoury)');
    expect(text).toContain(`http://localhost:3000/staff/setup/${added.token}`);
    expect(JSON.parse(staffAddText(added, 'u', true))).toEqual({
      email: 'maya@example.org',
      roles: ['expert'],
      expertId: 'maya-khoury',
      setupUrl: 'u',
      token: added.token,
    });
  });

  it('refuses an unknown expert and an expert who has an account', async () => {
    await expect(
      addStaff(db, clock, {
        email: 'x@example.org',
        name: 'X',
        roles: ['expert'],
        expertId: 'no-such-expert',
        language: 'en',
      }),
    ).rejects.toThrow('no expert "no-such-expert"');
    await addStaff(db, clock, {
      email: 'huda@example.org',
      name: 'Huda',
      roles: ['expert'],
      expertId: 'huda-karim',
      language: 'en',
    });
    await expect(
      addStaff(db, clock, {
        email: 'other@example.org',
        name: 'O',
        roles: ['expert'],
        expertId: 'huda-karim',
        language: 'en',
      }),
    ).rejects.toThrow('already has a staff account');
  });

  it('for an existing e-mail: a new link (the old one stops), factors kept unless asked', async () => {
    const first = await addStaff(db, clock, {
      email: 'team@example.org',
      name: 'Team',
      roles: ['moderator'],
      expertId: null,
      language: 'en',
    });
    await db.update(staff).set({ totpSecret: 'sealed' }).where(eq(staff.id, first.id));
    await db
      .insert(staffPasskeys)
      .values({ id: 'cred-1', staffId: first.id, publicKey: 'pk', createdAt: clock.now() });
    const second = await addStaff(db, clock, {
      email: 'TEAM@example.org',
      name: 'Team',
      roles: ['moderator', 'admin'],
      expertId: null,
      language: 'en',
    });
    expect(second).toMatchObject({
      id: first.id,
      created: false,
      factorsReset: false,
      roles: ['moderator', 'admin'],
    });
    expect(staffAddText(second, 'u', false)).toContain('already has an account: this is a new set-up link');
    let [row] = await db.select().from(staff).where(eq(staff.id, first.id));
    expect(row.setupTokenHash).toBe(tokenDigest(second.token));
    expect(row.totpSecret).toBe('sealed');
    const third = await addStaff(db, clock, {
      email: 'team@example.org',
      name: 'Team',
      roles: ['admin'],
      expertId: null,
      language: 'en',
      resetFactors: true,
    });
    expect(third.factorsReset).toBe(true);
    [row] = await db.select().from(staff).where(eq(staff.id, first.id));
    expect(row.totpSecret).toBeNull();
    expect(await db.select().from(staffPasskeys).where(eq(staffPasskeys.staffId, first.id))).toEqual([]);
  });
});

describe('npm run staff:add', () => {
  it('migrates a fresh data directory and prints one line of JSON with the link', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'staff-add-'));
    try {
      const { stdout } = await promisify(execFile)(
        'npx',
        [
          'tsx',
          'server/staff-add.ts',
          '--role',
          'admin',
          '--email',
          'admin@example.org',
          '--name',
          'Admin',
          '--json',
        ],
        { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', PUBLIC_URL: 'https://amina.example' } },
      );
      const out = JSON.parse(stdout.trim());
      expect(out).toMatchObject({ email: 'admin@example.org', roles: ['admin'], expertId: null });
      expect(out.setupUrl).toBe(`https://amina.example/staff/setup/${out.token}`);
      expect(out.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
