/**
 * /api/users, one file per endpoint group, each with its route definitions beside their handlers:
 * users-alias.ts (the live alias check), users-register.ts (sign-up), users-session.ts (sign-in,
 * profile, sign-out, and `sessionAuth`), users-reset.ts (a new PIN with a reset token),
 * users-forgot-code.ts (a reset token for her recovery code), and her account settings (issue 25):
 * users-me.ts (settings, profile, preferences), users-me-security.ts (PIN, answers, recovery code),
 * users-me-devices.ts (her sessions). The request fields they share, checked and normalised by
 * their schemas, are in users-schemas.ts.
 */
import type { Accounts } from '../domain/accounts.ts';
import { createRouter } from '../lib/http.ts';
import type { Limit } from './schemas.ts';
import { aliasRoutes } from './users-alias.ts';
import { forgotCodeRoutes } from './users-forgot-code.ts';
import { meRoutes } from './users-me.ts';
import { meDeviceRoutes } from './users-me-devices.ts';
import { meSecurityRoutes } from './users-me-security.ts';
import { registerRoutes } from './users-register.ts';
import { resetRoutes } from './users-reset.ts';
import { sessionAuth, sessionRoutes } from './users-session.ts';

export { optionalSession, sessionAuth } from './users-session.ts';

export function userRoutes({
  accounts,
  authLimit,
  aliasLimit,
  registerLimit,
}: {
  accounts: Accounts;
  authLimit: Limit;
  aliasLimit: Limit;
  /** New accounts per address, a bucket of its own (issue 20). */
  registerLimit: Limit;
}) {
  const auth = sessionAuth(accounts);
  return createRouter()
    .route('/', aliasRoutes({ accounts, limit: aliasLimit }))
    .route('/', registerRoutes({ accounts, limit: registerLimit }))
    .route('/', sessionRoutes({ accounts, limit: authLimit }))
    .route('/', resetRoutes({ accounts, limit: authLimit }))
    .route('/', forgotCodeRoutes({ accounts, limit: authLimit }))
    .route('/', meRoutes({ accounts, auth }))
    .route('/', meSecurityRoutes({ accounts, auth, limit: authLimit }))
    .route('/', meDeviceRoutes({ accounts, auth }));
}
