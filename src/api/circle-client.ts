import type { FetchOptions } from 'ofetch';
import { request } from './client';

/**
 * The circle's requests (issue 27) go through this one function over the members' client (her
 * bearer token, her language, AppError codes): the circle's model tests replace it with a held fake
 * server (tests/model/circle-server.ts), while the actors of src/api/circle.ts run for real.
 */
export function circleRequest<T>(path: string, options: FetchOptions<'json'> = {}): Promise<T> {
  return request<T>(path, options);
}
