/**
 * /api/sandbox-pay: the embedded sandbox provider's own endpoints, what a real provider's browser
 * library and hosted 3-D Secure page would be: saving a card (the only request that carries a card
 * number) and the member's challenge. See server/payments/sandbox.ts for the test cards.
 *
 * The card request is rate-limited per member and per address (card testing: trying stolen numbers
 * one after another). Its body never reaches a log: the access log writes the route pattern only,
 * validation errors carry field codes, never values, and the number is dropped once brand and last
 * four digits are taken.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { CardBody, Challenge, ChallengeDecision, PaymentMethod } from '../../contract/commerce.ts';
import { createRouter, jsonBody, noStore } from '../lib/http.ts';
import type { SandboxProvider } from '../payments/sandbox.ts';
import { commerceErrors } from './commerce-http.ts';
import { BODY, bearer } from './learning-http.ts';
import { bodyOf, type Limit, reply } from './schemas.ts';

const tags = ['Sandbox payments'];

const challengeId = z
  .string()
  .regex(/^chl_[A-Za-z0-9_-]{1,40}$/, { error: 'INVALID' })
  .openapi({ param: { name: 'id', in: 'path' }, example: 'chl_3xAmPlE' });

const addCard = (auth: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/sandbox-pay/payment-methods',
    tags,
    summary: 'Save a card for payment (sandbox: only test cards succeed)',
    description:
      'Checks the number (Luhn), expiry (MM/YY, not in the past), security code (3 digits, 4 for Amex), country and postal code: 400 VALIDATION_ERROR with fieldCodes. Keeps only brand, last four digits and expiry; the number and security code are never stored or logged.',
    security: bearer,
    middleware: [auth, limit, jsonBody] as const,
    request: bodyOf(CardBody),
    responses: {
      201: reply(PaymentMethod, 'The saved card (pass its id as paymentMethodId)'),
      ...commerceErrors(...BODY, 401, 429),
    },
  });

const getChallenge = (auth: Limit) =>
  createRoute({
    method: 'get',
    path: '/sandbox-pay/challenges/{id}',
    tags,
    summary: 'Her card challenge (3-D Secure style)',
    security: bearer,
    middleware: [auth] as const,
    request: { params: z.object({ id: challengeId }) },
    responses: { 200: reply(Challenge, 'The challenge'), ...commerceErrors(400, 401, 403, 404) },
  });

const decide = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/sandbox-pay/challenges/{id}',
    tags,
    summary: 'Approve or deny her challenge; then repeat the purchase with the same Idempotency-Key',
    description: 'The first decision stands: deciding again returns the challenge as it was decided.',
    security: bearer,
    middleware: [auth, jsonBody] as const,
    request: { params: z.object({ id: challengeId }), ...bodyOf(ChallengeDecision) },
    responses: { 200: reply(Challenge, 'The decided challenge'), ...commerceErrors(...BODY, 401, 403, 404) },
  });

export function sandboxPayRoutes({
  sandbox,
  auth,
  limit,
}: {
  sandbox: SandboxProvider;
  auth: Limit;
  limit: Limit;
}) {
  const router = createRouter();

  router.openapi(addCard(auth, limit), async (c) => {
    noStore(c);
    return c.json(await sandbox.createPaymentMethod(c.var.session.user.id, c.req.valid('json')), 201);
  });

  router.openapi(getChallenge(auth), async (c) => {
    noStore(c);
    return c.json(await sandbox.challenge(c.var.session.user.id, c.req.valid('param').id), 200);
  });

  router.openapi(decide(auth), async (c) => {
    noStore(c);
    const { id } = c.req.valid('param');
    return c.json(await sandbox.decide(c.var.session.user.id, id, c.req.valid('json').decision), 200);
  });

  return router;
}
