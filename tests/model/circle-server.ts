import type { CircleMe } from '../../contract/circle';
import { StaffTeamServer } from './staffTeam-server';

/**
 * The circle's API as its members' model tests see it (issue 27): what src/api/circle-client.ts's
 * `circleRequest` would ask, held until the test answers (the real actors of src/api/circle.ts
 * run over it). GET /circle/me answers at once (no unread replies). Each test file mocks:
 *
 *   const server = vi.hoisted(() => ({ current: null as CircleServer | null }));
 *   vi.mock('../../src/api/circle-client', () => ({
 *     circleRequest: (path: string, o?: object) => server.current!.request(path, o),
 *   }));
 */
export const CIRCLE_ME: CircleMe = {
  rulesAcceptedAt: '2026-11-01T10:00:00.000Z',
  unread: 0,
  suspendedUntil: null,
  warning: null,
  email: { available: false, replies: false },
};

export class CircleServer extends StaffTeamServer {
  override request(
    path: string,
    options: { method?: string; query?: object; body?: unknown; signal?: AbortSignal } = {},
  ) {
    if (path === '/circle/me') return Promise.resolve(CIRCLE_ME);
    return super.request(path, options);
  }
}
