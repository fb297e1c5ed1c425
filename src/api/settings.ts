import { fromPromise } from 'xstate';
import type {
  AccountProfile,
  AccountSettings,
  DeviceList,
  PinChanged,
} from '../../contract/account-settings';
import type { SettingsPageData } from '../../machines/accountSettings';
import type { Avatar, SecurityQuestion } from '../../machines/signup-rules';
import { request } from './client';

/**
 * Account Settings' actors (issue 25, contract/account-settings.ts): her settings with what the
 * sections choose from, each section's save, and her devices. Each passes its actor's abort signal,
 * so leaving a state (or the page) cancels the request. The page provides them to its machines
 * (src/views/settings/useSettings.ts); tests put stubs over them through <RootProvider screens>.
 */
const seg = encodeURIComponent;

/**
 * A request its actor gave up on (the actor stopped, or restarted by React's strict effects in
 * development, which re-runs the same promise actor) never answers: its late AbortError must not
 * reach the run that replaced it as a failure.
 */
function unlessAborted<T>(signal: AbortSignal, answer: Promise<T>): Promise<T> {
  return answer.catch((error: unknown) => {
    if (signal.aborted) return new Promise<T>(() => {});
    throw error;
  });
}

/** GET /users/me/settings, GET /p/avatar/all and GET /security-questions, together. */
export const loadSettings = fromPromise<SettingsPageData>(({ signal }) =>
  unlessAborted(signal, readSettings(signal)),
);

async function readSettings(signal: AbortSignal): Promise<SettingsPageData> {
  const [settings, avatars, questions] = await Promise.all([
    request<AccountSettings>('/users/me/settings', { signal }),
    request<{ avatars: Avatar[] }>('/p/avatar/all', { signal }),
    request<{ questions: SecurityQuestion[] }>('/security-questions', { signal }),
  ]);
  return { settings, avatars: avatars.avatars, questions: questions.questions };
}

export interface ProfileBody {
  avatarId: string;
  country: string;
  ageRange: string;
  maritalStatus: string | null;
  email: string | null;
  phone: string | null;
}

/** PUT /users/me/profile → the profile as now stored. */
export const saveProfile = fromPromise<AccountProfile, ProfileBody>(({ input, signal }) =>
  unlessAborted(signal, request('/users/me/profile', { method: 'PUT', body: input, signal })),
);

/** PUT /users/me/preferences { discreetDocuments } → the profile as now stored. */
export const saveDiscreetDocuments = fromPromise<AccountProfile, { discreetDocuments: boolean }>(
  ({ input, signal }) =>
    unlessAborted(signal, request('/users/me/preferences', { method: 'PUT', body: input, signal })),
);

export interface ChangePinBody {
  currentPin: string;
  pin: string;
  pinConfirm: string;
  signOutOthers: boolean;
}

/** POST /users/me/pin → how many other devices were signed out. */
export const changePin = fromPromise<PinChanged, ChangePinBody>(({ input, signal }) =>
  unlessAborted(signal, request('/users/me/pin', { method: 'POST', body: input, signal })),
);

export interface SecurityAnswersBody {
  currentPin: string;
  securityAnswers: { questionId: string; answer: string }[];
}

/** PUT /users/me/security-answers. */
export const saveSecurityAnswers = fromPromise<{ ok: true }, SecurityAnswersBody>(({ input, signal }) =>
  unlessAborted(signal, request('/users/me/security-answers', { method: 'PUT', body: input, signal })),
);

/** GET /users/me/sessions. */
export const loadDevices = fromPromise<DeviceList>(({ signal }) =>
  unlessAborted(signal, request('/users/me/sessions', { signal })),
);

/** DELETE /users/me/sessions/{sessionId} (never this device's: that is signing out). */
export const signOutDevice = fromPromise<{ ok: true }, { id: string }>(({ input, signal }) =>
  unlessAborted(signal, request(`/users/me/sessions/${seg(input.id)}`, { method: 'DELETE', signal })),
);

/** POST /users/me/sessions/sign-out-others → how many were signed out. */
export const signOutOthers = fromPromise<{ signedOut: number }>(({ signal }) =>
  unlessAborted(signal, request('/users/me/sessions/sign-out-others', { method: 'POST', signal })),
);
