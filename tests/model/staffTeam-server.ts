import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { StaffMe } from '../../contract/staff';

/**
 * The staff API as the team inbox's and admin pages' model tests see it (issue 26): what
 * src/api/staff-client.ts's `staffRequest` and `staffDownload` would ask the server, held until the
 * test answers (the pages' own actors of src/api/staff-team.ts run for real over it). The staff
 * session's GET /me answers at once with a moderator and admin. Each test file mocks the client:
 *
 *   const server = vi.hoisted(() => ({ current: null as StaffTeamServer | null }));
 *   vi.mock('../../src/api/staff-client', async (original) => ({
 *     ...(await original()),
 *     staffRequest: (path: string, o?: object) => server.current!.request(path, o),
 *     staffDownload: (path: string, signal?: AbortSignal) => server.current!.request(path, { signal, blob: true }),
 *   }));
 */
export const TEAM_ME: StaffMe = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Salma Haddad',
  email: 'salma@amina.test',
  roles: ['moderator', 'admin'],
  expertId: null,
  language: 'en',
  factors: ['passkey'],
};

interface Call {
  path: string;
  method: string;
  query: Record<string, string>;
  body: unknown;
  settled: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class StaffTeamServer {
  readonly calls: Call[] = [];
  me: StaffMe = TEAM_ME;

  request(
    path: string,
    options: { method?: string; query?: object; body?: unknown; signal?: AbortSignal } = {},
  ) {
    if (path === '/me' || path === '/me/language') return Promise.resolve(this.me);
    if (path === '/logout') return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      const call: Call = {
        path,
        method: (options.method ?? 'GET').toUpperCase(),
        query: { ...(options.query as Record<string, string>) },
        body: options.body,
        settled: false,
        resolve,
        reject,
      };
      // a request its actor gave up on is never answered
      options.signal?.addEventListener('abort', () => {
        call.settled = true;
      });
      this.calls.push(call);
    });
  }

  /** The open requests to `path` (exact, or a RegExp) by `method`. */
  open(path: string | RegExp, method = 'GET') {
    return this.calls.filter(
      (c) =>
        !c.settled && c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
    );
  }

  /** The last open request to `path`: it must be there. */
  last(path: string | RegExp, method = 'GET'): Call {
    const open = this.open(path, method);
    expect(open.length, `an open ${method} ${path}`).toBeGreaterThan(0);
    return open.at(-1)!;
  }

  async answer(path: string | RegExp, value: unknown, method = 'GET') {
    const call = await waitFor(() => this.last(path, method));
    call.settled = true;
    await act(async () => call.resolve(value));
  }

  async fail(path: string | RegExp, error: unknown, method = 'GET') {
    const call = await waitFor(() => this.last(path, method));
    call.settled = true;
    await act(async () => call.reject(error));
  }
}
