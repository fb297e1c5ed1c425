/** Security questions: the catalogue, a member's three, and answering them to get a reset token. */
import { createRoute, z } from '@hono/zod-openapi';
import type { Accounts } from '../domain/accounts.ts';
import { FREE_ATTEMPTS, LOCK_SCHEDULE_TEXT, RESET_TOKEN_TTL_S } from '../domain/accounts.ts';
import { questionText, SECURITY_QUESTIONS } from '../lib/catalog.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import { BODY_ERRORS, bodyOf, errors, type Limit, QuestionSchema, reply } from './schemas.ts';
import { aliasLookupField, givenAnswerField } from './users-schemas.ts';

const QuestionsSchema = z.object({ questions: z.array(QuestionSchema) });

const list = createRoute({
  method: 'get',
  path: '/security-questions',
  tags: ['Security questions'],
  summary: 'List the security questions to choose from',
  responses: { 200: reply(QuestionsSchema, 'The seven questions, in the request language') },
});

export function forMemberRoute(limit: Limit) {
  return createRoute({
    method: 'get',
    path: '/security-questions/user',
    tags: ['Security questions'],
    summary: "A member's three questions, in the order she chose them",
    middleware: [limit] as const,
    request: { query: z.object({ alias: aliasLookupField }) },
    responses: { 200: reply(QuestionsSchema, "The member's questions"), ...errors(400, 404, 429) },
  });
}

const VerifyBody = z
  .object({
    alias: aliasLookupField,
    answers: z
      .array(
        z.object({
          questionId: z.string({ error: 'QUESTION_UNKNOWN' }).max(64, { error: 'QUESTION_UNKNOWN' }),
          answer: givenAnswerField,
        }),
        { error: 'ANSWER_REQUIRED' },
      )
      .length(3, { error: 'ANSWER_REQUIRED' }),
  })
  .openapi('VerifyAnswers');

function verifyRoute(limit: Limit) {
  return createRoute({
    method: 'post',
    path: '/security-questions/verify-by-alias',
    tags: ['Security questions'],
    summary: 'Answer the three questions to get a PIN reset token',
    description: `Wrong answer sets count with wrong PINs: after ${FREE_ATTEMPTS} consecutive failures the account is locked for ${LOCK_SCHEDULE_TEXT} for each further failure.`,
    middleware: [limit, jsonBody] as const,
    request: bodyOf(VerifyBody),
    responses: {
      200: reply(
        z.object({ resetToken: z.string(), expiresIn: z.number().int().openapi({ example: 900 }) }),
        'A single-use reset token, valid for `expiresIn` seconds',
      ),
      ...errors(...BODY_ERRORS, 401, 404),
    },
  });
}

export function securityQuestionRoutes({ accounts, authLimit }: { accounts: Accounts; authLimit: Limit }) {
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
      const { alias: aliasKey, answers } = c.req.valid('json');
      const resetToken = await accounts.verifyAnswers(aliasKey, answers);
      return c.json({ resetToken, expiresIn: RESET_TOKEN_TTL_S }, 200);
    });
}
