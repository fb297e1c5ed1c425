/** Security questions: the catalogue, a member's three, and answering them to get a reset token. */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Accounts } from '../domain/accounts.ts';
import { RESET_TOKEN_TTL_S } from '../domain/accounts.ts';
import { questionText, SECURITY_QUESTIONS } from '../lib/catalog.ts';
import { type AppEnv, createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY_ERRORS, errors, QuestionSchema } from './schemas.ts';

const QuestionsSchema = z.object({ questions: z.array(QuestionSchema) });

const list = createRoute({
  method: 'get',
  path: '/security-questions',
  tags: ['Security questions'],
  summary: 'List the security questions to choose from',
  responses: {
    200: {
      description: 'The seven questions, in the request language',
      content: { 'application/json': { schema: QuestionsSchema } },
    },
  },
});

export function forMemberRoute(limit: MiddlewareHandler<AppEnv>) {
  return createRoute({
    method: 'get',
    path: '/security-questions/user',
    tags: ['Security questions'],
    summary: "A member's three questions, in the order she chose them",
    middleware: [limit] as const,
    request: {
      query: z.object({
        alias: z
          .string({ error: 'ALIAS_REQUIRED' })
          .min(1, { error: 'ALIAS_REQUIRED' })
          .openapi({ example: 'jasmine.rain' }),
      }),
    },
    responses: {
      200: {
        description: "The member's questions",
        content: { 'application/json': { schema: QuestionsSchema } },
      },
      ...errors(400, 404, 429),
    },
  });
}

const VerifyBody = z
  .object({
    alias: z
      .string({ error: 'ALIAS_REQUIRED' })
      .min(1, { error: 'ALIAS_REQUIRED' })
      .openapi({ example: 'jasmine.rain' }),
    answers: z
      .array(
        z.object({
          questionId: z.string({ error: 'QUESTION_UNKNOWN' }).max(64, { error: 'QUESTION_UNKNOWN' }),
          answer: z
            .string({ error: 'ANSWER_REQUIRED' })
            .refine((v) => v.trim() !== '', { error: 'ANSWER_REQUIRED' })
            .refine((v) => v.length <= 200, { error: 'ANSWER_TOO_LONG' }),
        }),
        { error: 'ANSWER_REQUIRED' },
      )
      .length(3, { error: 'ANSWER_REQUIRED' }),
  })
  .openapi('VerifyAnswers');

function verifyRoute(limit: MiddlewareHandler<AppEnv>) {
  return createRoute({
    method: 'post',
    path: '/security-questions/verify-by-alias',
    tags: ['Security questions'],
    summary: 'Answer the three questions to get a PIN reset token',
    description:
      'Wrong answer sets count with wrong PINs: after 5 consecutive failures the account is locked (1, 5, 15, then 60 minutes).',
    middleware: [limit, jsonBody] as const,
    request: { body: { required: true, content: { 'application/json': { schema: VerifyBody } } } },
    responses: {
      200: {
        description: 'A single-use reset token, valid for `expiresIn` seconds',
        content: {
          'application/json': {
            schema: z.object({
              resetToken: z.string(),
              expiresIn: z.number().int().openapi({ example: 900 }),
            }),
          },
        },
      },
      ...errors(...BODY_ERRORS, 401, 404),
    },
  });
}

export function securityQuestionRoutes({
  accounts,
  authLimit,
}: {
  accounts: Accounts;
  authLimit: MiddlewareHandler<AppEnv>;
}) {
  const byLocale = {
    en: { questions: SECURITY_QUESTIONS.map((q) => ({ id: q.id, text: q.text.en })) },
    ar: { questions: SECURITY_QUESTIONS.map((q) => ({ id: q.id, text: q.text.ar })) },
  };
  return createRouter()
    .openapi(list, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      c.header('Vary', 'Accept-Language');
      return c.json(byLocale[c.var.locale], 200);
    })
    .openapi(forMemberRoute(authLimit), async (c) => {
      noStore(c);
      const ids = await accounts.questionsFor(c.req.valid('query').alias);
      return c.json(
        { questions: ids.map((id) => ({ id, text: questionText(id, c.var.locale) ?? id })) },
        200,
      );
    })
    .openapi(verifyRoute(authLimit), async (c) => {
      noStore(c);
      const { alias, answers } = c.req.valid('json');
      const resetToken = await accounts.verifyAnswers(alias, answers);
      return c.json({ resetToken, expiresIn: RESET_TOKEN_TTL_S }, 200);
    });
}
