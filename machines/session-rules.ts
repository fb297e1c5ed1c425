import type { ActorRef, Snapshot } from 'xstate';
import type { AppError, User } from './types';

/**
 * The session's types and rules, beside its machine (machines/session.ts): what is stored on the
 * device and what makes it a session, the credentials the API answers with, the events the app
 * sends, the replies a form that asked hears, and what the machine emits.
 */
export interface StoredSession {
  token: string | undefined;
  userData: string | null;
}

export interface Credentials {
  token: string;
  user: User;
}

export interface LoginInput {
  alias: string;
  pin: string;
}

export type RegistrationInput = Record<string, unknown>;

type Replier = ActorRef<Snapshot<unknown>, SessionReply>;

export type SessionReply =
  | { type: 'session.succeeded'; user: User }
  | { type: 'session.failed'; error: AppError };

export type SessionEvent =
  | { type: 'session.initialise' }
  | { type: 'session.login'; credentials: LoginInput; replyTo?: Replier }
  | { type: 'session.register'; registration: RegistrationInput; replyTo?: Replier }
  | { type: 'session.setCredentials'; token: string; user: User }
  | { type: 'session.updateUser'; user: User }
  | { type: 'session.logout' }
  | { type: 'session.expired' }
  /** Her account was deleted (issue 25): the device is cleared as at sign-out, then the home page. */
  | { type: 'session.accountDeleted' }
  | { type: 'session.dismissError' };

export type SessionEmitted =
  | { type: 'session.signedIn'; via: 'login' | 'register' | 'credentials' }
  | { type: 'session.signedOut'; via: 'logout' | 'expired' | 'deleted' };

export interface SessionContext {
  user: User | null;
  token: string | null;
  error: AppError | null;
  replyTo: Replier | null;
}

/** What a valid `userData` record is: JSON of an object with an `id` or `userid`. */
export function parseStoredUser(raw: string | null): User | null {
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const user = value as User;
    const id = user.id ?? user.userid;
    return (typeof id === 'string' && id.length > 0) || typeof id === 'number' ? user : null;
  } catch {
    return null;
  }
}
