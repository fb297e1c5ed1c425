/** GET /api/p/avatar/all: the avatars a member can choose (public, cacheable). */
import { createRoute, z } from '@hono/zod-openapi';
import { AVATARS, avatarView } from '../lib/catalog.ts';
import { createRouter } from '../lib/http.ts';
import { AvatarSchema } from './schemas.ts';

const list = createRoute({
  method: 'get',
  path: '/p/avatar/all',
  tags: ['Avatars'],
  summary: 'List the avatars',
  description: 'Illustrated avatars; `url` is served by this server. Labels follow Accept-Language.',
  responses: {
    200: {
      description: 'The avatars, in display order',
      content: { 'application/json': { schema: z.object({ avatars: z.array(AvatarSchema) }) } },
    },
  },
});

export function avatarRoutes() {
  const byLocale = {
    en: { avatars: AVATARS.map((a) => avatarView(a.id, 'en')!) },
    ar: { avatars: AVATARS.map((a) => avatarView(a.id, 'ar')!) },
  };
  return createRouter().openapi(list, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    c.header('Vary', 'Accept-Language');
    return c.json(byLocale[c.var.locale], 200);
  });
}
