import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { fromPromise } from 'xstate';
import type { SetupInfo, SignInStep, StaffMe, TotpEnrolment } from '../../contract/staff';
import type { AppError } from '../../machines/types';
import { staffRequest } from './staff-client';

/**
 * The staff sign-in's actors (issue 26, contract/staff.ts): her session, the password, the second
 * factor (a passkey through @simplewebauthn/browser, loaded only when she uses one, or an
 * authenticator-app code), the set-up link and the enrolment of a factor. Each passes its actor's
 * abort signal; StaffArea and the sign-in screens provide them, tests put stubs over them.
 */
const seg = encodeURIComponent;
const post = { method: 'POST' } as const;

/** GET /staff/me: a 401 is the answer (signed out), not a session that ended. */
export const loadStaffMe = fromPromise<StaffMe>(({ signal }) =>
  staffRequest<StaffMe>('/me', { signal, quiet401: true }),
);

/** POST /staff/logout */
export const staffLogout = fromPromise<void>(async ({ signal }) => {
  await staffRequest('/logout', { ...post, signal, quiet401: true });
});

/** PUT /staff/me/language */
export const saveStaffLanguage = fromPromise<StaffMe, { language: 'en' | 'ar' }>(({ input, signal }) =>
  staffRequest<StaffMe>('/me/language', { method: 'PUT', body: input, signal }),
);

/** POST /staff/login */
export const staffPassword = fromPromise<SignInStep, { email: string; password: string }>(
  ({ input, signal }) => staffRequest<SignInStep>('/login', { ...post, body: input, signal, quiet401: true }),
);

/** POST /staff/login/totp */
export const staffTotpLogin = fromPromise<StaffMe, { code: string }>(({ input, signal }) =>
  staffRequest<StaffMe>('/login/totp', { ...post, body: input, signal, quiet401: true }),
);

/** The browser's refusal of a ceremony: she cancelled it (or it timed out), or it cannot run here. */
function passkeyError(error: unknown): AppError {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return { code: 'PASSKEY_CANCELLED' };
  if (name === 'NotSupportedError' || name === 'SecurityError') return { code: 'PASSKEY_UNSUPPORTED' };
  return { code: 'PASSKEY_CANCELLED' };
}

async function webauthn() {
  const lib = await import('@simplewebauthn/browser');
  if (!lib.browserSupportsWebAuthn()) throw { code: 'PASSKEY_UNSUPPORTED' } satisfies AppError;
  return lib;
}

/** POST /staff/login/passkey/options → the browser's ceremony → POST /staff/login/passkey */
export const staffPasskeyLogin = fromPromise<StaffMe>(async ({ signal }) => {
  const lib = await webauthn();
  const optionsJSON = await staffRequest<PublicKeyCredentialRequestOptionsJSON>('/login/passkey/options', {
    ...post,
    signal,
    quiet401: true,
  });
  const response = await lib.startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw passkeyError(error);
  });
  return staffRequest<StaffMe>('/login/passkey', { ...post, body: { response }, signal, quiet401: true });
});

/** GET /staff/setup/{token} */
export const checkSetupLink = fromPromise<SetupInfo, { token: string }>(({ input, signal }) =>
  staffRequest<SetupInfo>(`/setup/${seg(input.token)}`, { signal, quiet401: true }),
);

/** POST /staff/setup */
export const staffSetPassword = fromPromise<SignInStep, { token: string; password: string }>(
  ({ input, signal }) => staffRequest<SignInStep>('/setup', { ...post, body: input, signal, quiet401: true }),
);

/** POST /staff/enrol/totp: a new secret and its QR code (SVG drawn by the server). */
export const startTotpEnrolment = fromPromise<TotpEnrolment>(({ signal }) =>
  staffRequest<TotpEnrolment>('/enrol/totp', { ...post, signal, quiet401: true }),
);

/** POST /staff/enrol/totp/confirm */
export const confirmTotpEnrolment = fromPromise<StaffMe, { code: string }>(({ input, signal }) =>
  staffRequest<StaffMe>('/enrol/totp/confirm', { ...post, body: input, signal, quiet401: true }),
);

/** POST /staff/enrol/passkey/options → the browser makes a passkey → POST /staff/enrol/passkey */
export const enrolPasskey = fromPromise<StaffMe>(async ({ signal }) => {
  const lib = await webauthn();
  const optionsJSON = await staffRequest<PublicKeyCredentialCreationOptionsJSON>('/enrol/passkey/options', {
    ...post,
    signal,
    quiet401: true,
  });
  const response = await lib.startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw passkeyError(error);
  });
  return staffRequest<StaffMe>('/enrol/passkey', { ...post, body: { response }, signal, quiet401: true });
});
