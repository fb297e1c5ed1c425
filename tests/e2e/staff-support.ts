import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CDPSession, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { generate } from 'otplib';

/**
 * The staff side in the browser tests (issue 26). tests/e2e/serve.mjs runs this file once before the
 * server starts (`npx tsx tests/e2e/staff-support.ts <file>`, DATA_DIR set): one process creates every
 * account with S1's addStaff (what `npm run staff:add -- --json` does) and writes their set-up
 * links to `staffAccountsFile(port)`. The specs then take an account (`staffAccount(role, locale)`),
 * set it up once (a passkey through Chromium's virtual authenticator, or an authenticator app whose
 * codes are computed here) and sign in with it. Passkeys need a real host name: staff pages are
 * opened at http://localhost:<port> (`staffUrl`), not 127.0.0.1.
 */
export type StaffLocale = 'en' | 'ar';
export type StaffAccountRole = 'admin' | 'moderator' | 'expert' | 'signin';

export interface StaffAccount {
  key: string;
  email: string;
  name: string;
  roles: string[];
  expertId: string | null;
  language: StaffLocale;
  token: string;
  password: string;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = () => Number(process.env.E2E_PORT ?? 4173);
export const staffAccountsFile = (p = port()) => join(root, 'test-results', `staff-accounts-${p}.json`);
/** What the specs learnt about an account (its passkey or authenticator secret), for the next sign-in. */
const stateFile = (account: StaffAccount) =>
  join(root, 'test-results', `staff-state-${port()}-${account.key}.json`);
export const staffUrl = (path: string) => `http://localhost:${port()}${path}`;

/** Every account the specs use: per language an admin, a moderator, an expert, and one for the sign-in spec. */
const PLANNED: Omit<StaffAccount, 'token' | 'password'>[] = (['en', 'ar'] as const).flatMap((language) => [
  {
    key: `admin-${language}`,
    email: `admin.${language}@staff.test`,
    name: language === 'en' ? 'Hala Admin' : 'هالة',
    roles: ['admin'],
    expertId: null,
    language,
  },
  {
    key: `moderator-${language}`,
    email: `moderator.${language}@staff.test`,
    name: language === 'en' ? 'Mona Moderator' : 'منى',
    roles: ['moderator'],
    expertId: null,
    language,
  },
  {
    key: `expert-${language}`,
    email: `expert.${language}@staff.test`,
    name: language === 'en' ? 'Rana Aziz' : 'ليلى منصور',
    roles: ['expert'],
    expertId: language === 'en' ? 'rana-aziz' : 'layla-mansour',
    language,
  },
  {
    key: `signin-${language}`,
    email: `signin.${language}@staff.test`,
    name: language === 'en' ? 'Sara Signin' : 'سارة',
    roles: ['moderator'],
    expertId: null,
    language,
  },
]);
const PASSWORD = 'Violet-harbour-lantern-42';

let cache: StaffAccount[] | null = null;
export function staffAccount(role: StaffAccountRole, locale: StaffLocale): StaffAccount {
  cache ??= JSON.parse(readFileSync(staffAccountsFile(), 'utf8')) as StaffAccount[];
  const found = cache.find((a) => a.key === `${role}-${locale}`);
  if (!found) throw new Error(`no staff account ${role}-${locale} in ${staffAccountsFile()}`);
  return found;
}

// ------------------------------------------------------------------ the virtual authenticator

interface SavedState {
  factor: 'passkey' | 'totp';
  secret?: string;
  credential?: Record<string, unknown>;
}

const readState = (account: StaffAccount): SavedState | null =>
  existsSync(stateFile(account))
    ? (JSON.parse(readFileSync(stateFile(account), 'utf8')) as SavedState)
    : null;
const writeState = (account: StaffAccount, state: SavedState) =>
  writeFileSync(stateFile(account), JSON.stringify(state));

/** Chromium's virtual authenticator on this page (CDP): a platform passkey that verifies her at once. */
export async function addVirtualAuthenticator(
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The code her authenticator app shows now (or `ahead` steps later). */
export const totpCode = (secret: string, ahead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead * 30 });

/** Waits for the next 30-second step: a code is accepted once, and confirming used this step's. */
export async function nextTotpStep(page: Page) {
  const left = 30_000 - (Date.now() % 30_000);
  await page.waitForTimeout(left + 500);
}

async function openSetup(page: Page, account: StaffAccount) {
  await page.goto(staffUrl(`/staff/setup/${account.token}`));
  await page.getByTestId('staff-setup-password').fill(account.password);
  await page.getByTestId('staff-setup-confirm').fill(account.password);
  await page.getByTestId('staff-setup-submit').click();
  await expect(page.getByTestId('staff-enrol-choose')).toBeVisible();
}

/** Set-up from the link with a passkey; she ends in the staff area. The passkey is kept for signInStaff. */
export async function setUpWithPasskey(page: Page, account: StaffAccount) {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await openSetup(page, account);
  await page.getByTestId('staff-enrol-passkey').click();
  await expect(page.getByTestId('staff-who')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  writeState(account, {
    factor: 'passkey',
    credential: credentials[0] as unknown as Record<string, unknown>,
  });
  return { cdp, authenticatorId };
}

/** Set-up from the link with an authenticator app (the secret read from the page); she ends in the area. */
export async function setUpWithTotp(page: Page, account: StaffAccount) {
  await openSetup(page, account);
  await page.getByTestId('staff-enrol-totp').click();
  const secret = ((await page.getByTestId('staff-totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await page.getByTestId('staff-enrol-code').fill(await totpCode(secret));
  await page.getByTestId('staff-enrol-confirm').click();
  await expect(page.getByTestId('staff-who')).toBeVisible();
  writeState(account, { factor: 'totp', secret });
  return secret;
}

/** E-mail and password on the sign-in page. */
export async function enterPassword(page: Page, account: StaffAccount, password = account.password) {
  await page.getByTestId('staff-email').fill(account.email);
  await page.getByTestId('staff-password').fill(password);
  await page.getByTestId('staff-login-submit').click();
}

/**
 * Signs her in (setting the account up with a passkey first if no spec has yet): the passkey saved
 * at set-up is put into this page's own virtual authenticator. Ends on her first staff page.
 */
export async function signInStaff(page: Page, account: StaffAccount) {
  const state = readState(account);
  if (!state) {
    await setUpWithPasskey(page, account);
    return;
  }
  if (state.factor === 'passkey') {
    const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: state.credential as never });
  }
  await page.goto(staffUrl('/staff/login'));
  await enterPassword(page, account);
  if (state.factor === 'passkey') await page.getByTestId('staff-use-passkey').click();
  else {
    await nextTotpStep(page);
    await page.getByTestId('staff-use-code').click();
    await page.getByTestId('staff-code').fill(await totpCode(state.secret ?? ''));
    await page.getByTestId('staff-code-submit').click();
  }
  await expect(page.getByTestId('staff-who')).toBeVisible();
}

// ------------------------------------------------------------------ serve.mjs: the accounts, once

async function createAccounts(file: string) {
  const { prepareDatabase } = await import('../../server/db/open.ts');
  const { addStaff } = await import('../../server/domain/staff-create.ts');
  const { systemClock } = await import('../../server/lib/clock.ts');
  const database = await prepareDatabase({ dataDir: process.env.DATA_DIR ?? '', databaseUrl: undefined });
  try {
    const made: StaffAccount[] = [];
    for (const p of PLANNED) {
      const added = await addStaff(database.db, systemClock, {
        email: p.email,
        name: p.name,
        roles: p.roles as never,
        expertId: p.expertId,
        language: p.language,
        resetFactors: false,
      });
      made.push({ ...p, token: added.token, password: PASSWORD });
    }
    writeFileSync(file, JSON.stringify(made, null, 2));
    // what an earlier run learnt about its accounts (their passkeys) is of no use with these
    const dir = join(root, 'test-results');
    for (const f of readdirSync(dir))
      if (f.startsWith(`staff-state-${port()}-`)) rmSync(join(dir, f), { force: true });
  } finally {
    await database.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2] ?? staffAccountsFile();
  createAccounts(file).catch((e) => {
    process.stderr.write(`staff accounts: ${(e as Error).message}\n`);
    process.exit(1);
  });
}
