/**
 * The live alias check: POST /users/verify-alias/ with `{ alias }` (also without the trailing
 * slash, hidden from the reference) and POST /users/verify-alias/{alias}. Rule violations are
 * answers (200, `available: false` with a field code), not 400s, so the sign-up form can show them.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { type AliasCheck, checkAlias } from '../../contract/account-rules.ts';
import type { Accounts } from '../domain/accounts.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY_ERRORS, bodyOf, errors, type Limit, reply } from './schemas.ts';

const AvailabilitySchema = z
  .object({
    available: z.boolean(),
    reason: z
      .enum(['ALIAS_REQUIRED', 'ALIAS_TOO_SHORT', 'ALIAS_TOO_LONG', 'ALIAS_INVALID_CHARS', 'ALIAS_TAKEN'])
      .optional()
      .openapi({ description: 'Why the alias cannot be used (a field code).' }),
  })
  .openapi('AliasAvailability');
type Availability = z.infer<typeof AvailabilitySchema>;

const availabilityResponse = {
  200: reply(
    AvailabilitySchema,
    'Whether the alias can be registered; rule violations come back here, not as 400',
  ),
};

/** Any string → the alias rules' verdict (the handler only asks the database about a good one). */
const checkedAlias = z.string().transform((v) => checkAlias(v));

const verifyAliasBody = (limit: Limit, path: '/users/verify-alias/' | '/users/verify-alias', hide: boolean) =>
  createRoute({
    method: 'post',
    path,
    hide,
    tags: ['Users'],
    summary: 'Check whether an alias is available',
    middleware: [limit, jsonBody] as const,
    request: bodyOf(z.object({ alias: checkedAlias.openapi({ example: 'jasmine.rain' }) })),
    responses: { ...availabilityResponse, ...errors(...BODY_ERRORS) },
  });

const verifyAliasPath = (limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/users/verify-alias/{alias}',
    tags: ['Users'],
    summary: 'Check whether an alias is available (alias in the path)',
    middleware: [limit] as const,
    request: {
      params: z.object({ alias: checkedAlias.openapi({ param: { name: 'alias', in: 'path' } }) }),
    },
    responses: { ...availabilityResponse, ...errors(429) },
  });

export function aliasRoutes({ accounts, limit }: { accounts: Accounts; limit: Limit }) {
  const availability = async (alias: AliasCheck): Promise<Availability> => {
    if (!alias.ok) return { available: false, reason: alias.code as Availability['reason'] };
    return (await accounts.aliasAvailable(alias.key))
      ? { available: true }
      : { available: false, reason: 'ALIAS_TAKEN' };
  };
  // a body that is JSON but not { alias: string } still gets an answer the live check can show
  const aliasHook = (result: { success: boolean }, c: { json: (b: unknown, s: 200) => Response }) => {
    if (!result.success) return c.json({ available: false, reason: 'ALIAS_REQUIRED' }, 200);
  };

  const router = createRouter();
  for (const [path, hide] of [
    ['/users/verify-alias/', false],
    ['/users/verify-alias', true],
  ] as const) {
    router.openapi(
      verifyAliasBody(limit, path, hide),
      async (c) => {
        noStore(c);
        return c.json(await availability(c.req.valid('json').alias), 200);
      },
      aliasHook as never,
    );
  }
  return router.openapi(verifyAliasPath(limit), async (c) => {
    noStore(c);
    return c.json(await availability(c.req.valid('param').alias), 200);
  });
}
