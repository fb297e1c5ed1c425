/**
 * The article endpoints on the spec's paths (§7), public: a page of summaries (newest first, or by
 * relevance with `search`) and one article. Shapes: contract/articles.ts; search and order:
 * server/domain/articles.ts. (`POST /articles/enroll-free-course` is the learning API's, in lms.ts.)
 */
import { createRoute, z } from '@hono/zod-openapi';
import { ArticleDetail, ArticlesPage, ArticlesQuery } from '../../contract/articles.ts';
import { Slug } from '../../contract/learning.ts';
import type { Articles } from '../domain/articles.ts';
import { createRouter } from '../lib/http.ts';
import { errorResponses, reply } from './schemas.ts';

const articleErrors = errorResponses({
  400: 'VALIDATION_ERROR (fieldCodes: page PAGE_INVALID, limit LIMIT_INVALID; id INVALID)',
  404: 'ARTICLE_NOT_FOUND (unknown or unpublished)',
});

const list = createRoute({
  method: 'get',
  path: '/articles/all',
  tags: ['Articles'],
  summary: 'Articles, one page: newest first, or by relevance with `search`',
  description:
    'Public (`Cache-Control: public, max-age=60`, `Vary: Accept-Language`). `search` is trimmed and cut to 100 characters, then normalised as the stored text is (Arabic diacritics, tatweel and letter variants, case, digits); full-text match (english/arabic configurations, title above summary and body) ranked by ts_rank, with a trigram fallback for partial words and typos; articles matching in the requested language first, then by relevance, then newest. A search that finds nothing carries course `suggestions`.',
  request: { query: ArticlesQuery },
  responses: {
    200: reply(ArticlesPage, 'Published articles, texts in the Accept-Language'),
    ...articleErrors(400),
  },
});

const one = createRoute({
  method: 'get',
  path: '/articles/{id}',
  tags: ['Articles'],
  summary: 'One article: its body and the courses to keep learning with',
  request: {
    params: z.object({
      id: Slug.openapi({ param: { name: 'id', in: 'path' }, example: 'emergency-contraception' }),
    }),
  },
  responses: { 200: reply(ArticleDetail, 'The article'), ...articleErrors(400, 404) },
});

export function articleRoutes({ articles }: { articles: Articles }) {
  const router = createRouter();

  router.openapi(list, async (c) => {
    const { page, limit, search } = c.req.valid('query');
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(await articles.list(c.var.locale, page, limit, search), 200);
  });

  router.openapi(one, async (c) => {
    const article = await articles.get(c.req.valid('param').id, c.var.locale);
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json(article, 200);
  });

  return router;
}
