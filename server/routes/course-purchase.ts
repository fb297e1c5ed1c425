/**
 * /api/course-purchase: the cart's quote and the promo code check (visitors and members: owned
 * flags and per-member limits only when signed in), and enroll-multiple (members, with an
 * Idempotency-Key). Rules: server/domain/commerce-pricing.ts and commerce-purchase.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  CouponBody,
  CouponCheck,
  IdempotencyKey,
  PurchaseBody,
  PurchaseChallenge,
  PurchasePaid,
  Quote,
  QuoteBody,
} from '../../contract/commerce.ts';
import { IDEMPOTENCY_HEADER } from '../../contract/commerce-rules.ts';
import type { Commerce } from '../domain/commerce.ts';
import { ApiError } from '../lib/errors.ts';
import { type AppEnv, createRouter, jsonBody, noStore } from '../lib/http.ts';
import { commerceErrors } from './commerce-http.ts';
import { BODY, bearer } from './learning-http.ts';
import { bodyOf, type Limit, reply } from './schemas.ts';

const tags = ['Buying'];

/** After the session check: 400 IDEMPOTENCY_KEY_REQUIRED unless the header is well formed. */
const requireKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!IdempotencyKey.safeParse(c.req.header(IDEMPOTENCY_HEADER)).success)
    throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
  await next();
};

const quote = (viewer: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/course-purchase/quote',
    tags,
    summary: 'Price a cart: lines, promo code, subtotal, discount, VAT 5 %, total (cents)',
    description:
      'Prices come from the server. Owned and free lines are marked and cost nothing in the totals; unknown or unpublished ids are listed in `missing`. A code that cannot be used leaves the totals without it and says why in `couponError`. Signed in (bearer token): owned flags and her per-member code limit; otherwise as a visitor.',
    security: [{}, ...bearer],
    middleware: [limit, viewer, jsonBody] as const,
    request: bodyOf(QuoteBody),
    responses: {
      200: reply(Quote, 'The quote, titles in the Accept-Language'),
      ...commerceErrors(...BODY, 429),
    },
  });

const validateCoupon = (viewer: Limit, limit: Limit) =>
  createRoute({
    method: 'post',
    path: '/course-purchase/validate-coupon',
    tags,
    summary: 'Check a promo code against a cart',
    description:
      'Codes are case-insensitive and accept Arabic-Indic digits. 409 COUPON_UNKNOWN, COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_NOT_APPLICABLE (none of these courses), COUPON_ALREADY_USED (signed in, her limit), COUPON_USED_UP.',
    security: [{}, ...bearer],
    middleware: [limit, viewer, jsonBody] as const,
    request: bodyOf(CouponBody),
    responses: {
      200: reply(CouponCheck, 'The discount and the quote with it'),
      ...commerceErrors(...BODY, 409, 429),
    },
  });

const enroll = (auth: Limit) =>
  createRoute({
    method: 'post',
    path: '/course-purchase/enroll-multiple',
    tags,
    summary: 'Buy courses: charge, order, enrolments and invoice, exactly once per Idempotency-Key',
    description:
      'Send a new `Idempotency-Key` (8–100 of A-Z a-z 0-9 _ -) per checkout attempt and keep it across retries and reloads. Everything is checked before any charge (unknown 404, free, owned, code, `expectedTotal` → 409 PRICE_CHANGED). The same key and body always give the same final answer; the same key with another body → 422. A card challenge answers 202 until the member decides it at /sandbox-pay/challenges/{id}; then the same key and body give the final answer. A total of 0 (a 100 % code) charges nothing and needs no payment method.',
    security: bearer,
    middleware: [auth, requireKey, jsonBody] as const,
    request: {
      headers: z.object({
        'idempotency-key': z.string().optional().openapi({ description: 'Required: see the description.' }),
      }),
      ...bodyOf(PurchaseBody),
    },
    responses: {
      201: reply(PurchasePaid, 'Paid: the order and its invoice'),
      202: reply(PurchaseChallenge, 'The bank asks the member to confirm (challenge)'),
      ...commerceErrors(...BODY, 401, 402, 404, 409, 422),
    },
  });

export function coursePurchaseRoutes({
  commerce,
  auth,
  viewer,
  limit,
}: {
  commerce: Commerce;
  auth: Limit;
  viewer: Limit;
  /** Per address, on the quote and the code check (guessing codes). */
  limit: Limit;
}) {
  const router = createRouter();

  router.openapi(quote(viewer, limit), async (c) => {
    noStore(c);
    const { courseIds, code } = c.req.valid('json');
    const { couponError, ...q } = await commerce.pricing.quote(
      courseIds,
      code,
      c.var.viewer?.user.id ?? null,
      c.var.locale,
    );
    return c.json({ ...q, couponError }, 200);
  });

  router.openapi(validateCoupon(viewer, limit), async (c) => {
    noStore(c);
    const { courseIds, code } = c.req.valid('json');
    const check = await commerce.pricing.validateCoupon(
      courseIds,
      code,
      c.var.viewer?.user.id ?? null,
      c.var.locale,
    );
    return c.json(check, 200);
  });

  router.openapi(enroll(auth), async (c) => {
    noStore(c);
    const { user } = c.var.session;
    const reply_ = await commerce.purchase(
      { id: user.id, alias: user.alias },
      c.req.header(IDEMPOTENCY_HEADER)!,
      c.req.valid('json'),
      c.var.locale,
    );
    return reply_.status === 201 ? c.json(reply_.body, 201) : c.json(reply_.body, 202);
  });

  return router;
}
