/**
 * The experts directory (public): the list, filtered by specialty, language and call mode, and one
 * expert's profile with her consultation offers and courses. Shapes: contract/experts.ts;
 * rules: server/domain/experts.ts. Texts in the Accept-Language; cacheable for a minute.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ExpertProfile, ExpertsList, ExpertsQuery } from '../../contract/experts.ts';
import { Slug } from '../../contract/learning.ts';
import type { Experts } from '../domain/experts.ts';
import { createRouter } from '../lib/http.ts';
import { errorResponses, reply } from './schemas.ts';

const expertErrors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes: `specialty`, `language`, `mode` or `expertId`: INVALID)',
  404: 'NOT_FOUND (no published expert with this id)',
});

const list = createRoute({
  method: 'get',
  path: '/p/experts',
  tags: ['Experts'],
  summary: 'Published experts, filtered',
  description:
    'Every filter is optional and they combine (all must match): `specialty`, `language` (one she consults in: ar, en, fr), `mode` (voice or video). An unknown value → 400. `fromPrice` is her lowest paid consultation in cents; the 15-minute discovery call is free. Public: `Cache-Control: public, max-age=60`, `Vary: Accept-Language`.',
  request: { query: ExpertsQuery },
  responses: {
    200: reply(ExpertsList, 'Experts in display order, texts in the Accept-Language'),
    ...expertErrors(400),
  },
});

const profile = createRoute({
  method: 'get',
  path: '/p/experts/{expertId}',
  tags: ['Experts'],
  summary: "An expert's profile: bio, qualifications, consultation offers and her courses",
  request: {
    params: z.object({
      expertId: Slug.openapi({ param: { name: 'expertId', in: 'path' }, example: 'rana-aziz' }),
    }),
  },
  responses: { 200: reply(ExpertProfile, 'The expert'), ...expertErrors(400, 404) },
});

export function expertRoutes({ experts }: { experts: Experts }) {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const body = await experts.list(c.req.valid('query'), c.var.locale);
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(body, 200);
  });

  router.openapi(profile, async (c) => {
    const body = await experts.profile(c.req.valid('param').expertId, c.var.locale);
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(body, 200);
  });

  return router;
}
