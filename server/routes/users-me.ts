/**
 * Her account settings (issue 25, contract/account-settings.ts): GET /users/me/settings,
 * PUT /users/me/profile, PUT /users/me/preferences. The PIN, answers and recovery code are
 * users-me-security.ts; her devices users-me-devices.ts. Every answer is no-store.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { LANGUAGES } from '../../contract/account-rules.ts';
import { AccountProfile, AccountSettings } from '../../contract/account-settings.ts';
import type { Accounts } from '../domain/accounts.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { avatarField, BODY_ERRORS, bodyOf, errors, type Limit, reply } from './schemas.ts';
import { ageRangeField, countryField, emailField, maritalStatusField, phoneField } from './users-schemas.ts';

/** What her settings routes share in the reference: their tag, bearer security, the words. */
export const mine = (summary: string, description?: string) => ({
  tags: ['Account settings'],
  summary,
  ...(description ? { description } : {}),
  security: [{ bearerAuth: [] }],
});

const ProfileBody = z
  .object({
    avatarId: avatarField,
    country: countryField,
    ageRange: ageRangeField,
    maritalStatus: maritalStatusField,
    email: emailField,
    phone: phoneField,
  })
  .openapi('ProfileUpdate');

const PreferencesBody = z
  .object({
    language: z.enum(LANGUAGES, { error: 'LANGUAGE_INVALID' }).optional(),
    discreetDocuments: z.boolean({ error: 'INVALID' }).optional(),
  })
  .openapi('PreferencesUpdate');

const settings = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/users/me/settings',
    ...mine('Her account settings: profile (with member number), questions, recovery code'),
    middleware: [auth] as const,
    responses: { 200: reply(AccountSettings, 'Her settings'), ...errors(401) },
  });

const profile = (auth: Limit) =>
  createRoute({
    method: 'put',
    path: '/users/me/profile',
    ...mine('Change her profile (avatar, country, age range, marital status, e-mail, phone)'),
    middleware: [auth, jsonBody] as const,
    request: bodyOf(ProfileBody),
    responses: { 200: reply(AccountProfile, 'Her profile as now stored'), ...errors(...BODY_ERRORS, 401) },
  });

const preferences = (auth: Limit) =>
  createRoute({
    method: 'put',
    path: '/users/me/preferences',
    ...mine(
      'Change her language (kept on the server) or discreet documents',
      'Discreet documents (on by default): her invoices and credit notes print "Online course" and a course code, with neutral file names.',
    ),
    middleware: [auth, jsonBody] as const,
    request: bodyOf(PreferencesBody),
    responses: { 200: reply(AccountProfile, 'Her profile as now stored'), ...errors(...BODY_ERRORS, 401) },
  });

export function meRoutes({ accounts, auth }: { accounts: Accounts; auth: Limit }) {
  return createRouter()
    .openapi(settings(auth), async (c) => {
      noStore(c);
      return c.json(await accounts.settings(c.var.session.user.id), 200);
    })
    .openapi(profile(auth), async (c) => {
      noStore(c);
      return c.json(await accounts.updateProfile(c.var.session.user.id, c.req.valid('json')), 200);
    })
    .openapi(preferences(auth), async (c) => {
      noStore(c);
      return c.json(await accounts.updatePreferences(c.var.session.user.id, c.req.valid('json')), 200);
    });
}
