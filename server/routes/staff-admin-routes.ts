/**
 * What admins change without a deploy (issue 26, contract/staff-admin.ts), for the role admin (the
 * guard admits it by contract/staff.ts STAFF_ROUTES): experts (published, profile drafts), promo
 * codes, and the refund of a course order. The work is in domain/admin-*.ts; each action is audited.
 */
import { createRoute, z } from '@hono/zod-openapi';
import {
  AdminCoupon,
  AdminCoupons,
  AdminExpert,
  AdminExperts,
  AdminOrder,
  AdminOrders,
  CouponDraft,
  CouponPatch,
} from '../../contract/staff-admin.ts';
import { createAdminCoupons } from '../domain/admin-coupons.ts';
import { createAdminExperts } from '../domain/admin-experts.ts';
import { createAdminOrders } from '../domain/admin-orders.ts';
import { createRouter, jsonBody } from '../lib/http.ts';
import { BODY_ERRORS, bodyOf, reply } from './schemas.ts';
import type { StaffDeps } from './staff.ts';
import { actorOf, staffDoc, staffErrors, uuidParam } from './staff-inbox-routes.ts';

const ExpertParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'INVALID' })
    .max(80)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'rana-aziz' }),
});
const CouponParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_\-\u0660-\u0669\u06F0-\u06F9]{1,32}$/, { error: 'INVALID' })
    .openapi({ param: { name: 'code', in: 'path' }, example: 'WELCOME10' }),
});
const OrderParams = z.object({ id: uuidParam('id') });
const OrdersQuery = z.object({
  memberNumber: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, { error: 'INVALID' })
    .transform(Number)
    .optional()
    .openapi({ type: 'string', example: '1042' }),
  invoice: z
    .string()
    .regex(/^INV-\d{4}-\d{6}$/i, { error: 'INVALID' })
    .optional()
    .openapi({ example: 'INV-2026-000042' }),
});
const PublishedBody = z.object({ published: z.boolean() }).openapi('ExpertPublishedBody');
const ReasonBody = z.object({ reason: z.string() }).openapi('StaffReasonBody');

const experts = createRoute({
  method: 'get',
  path: '/staff/admin/experts',
  ...staffDoc('Every expert, published or not, with her live texts and a draft waiting for approval'),
  responses: { 200: reply(AdminExperts, 'The experts, in display order'), ...staffErrors(401, 403) },
});

const published = createRoute({
  method: 'put',
  path: '/staff/admin/experts/{id}/published',
  ...staffDoc(
    'Publish or unpublish an expert',
    'The public directory, her profile and the sitemap follow on the next request; the content loader keeps this from then on.',
  ),
  middleware: [jsonBody] as const,
  request: { params: ExpertParams, ...bodyOf(PublishedBody) },
  responses: { 200: reply(AdminExpert, 'The expert'), ...staffErrors(...BODY_ERRORS, 401, 403, 404) },
});

const approve = createRoute({
  method: 'post',
  path: '/staff/admin/experts/{id}/profile/approve',
  ...staffDoc(
    'Approve her profile draft: title, bio and qualifications in both languages go live (her name stays)',
    '409 NO_PENDING_PROFILE without a draft waiting.',
  ),
  request: { params: ExpertParams },
  responses: { 200: reply(AdminExpert, 'The expert'), ...staffErrors(400, 401, 403, 404, 409) },
});

const reject = createRoute({
  method: 'post',
  path: '/staff/admin/experts/{id}/profile/reject',
  ...staffDoc('Refuse her profile draft with a reason she reads in her portal (1–500 characters)'),
  middleware: [jsonBody] as const,
  request: { params: ExpertParams, ...bodyOf(ReasonBody) },
  responses: { 200: reply(AdminExpert, 'The expert'), ...staffErrors(...BODY_ERRORS, 401, 403, 404, 409) },
});

const coupons = createRoute({
  method: 'get',
  path: '/staff/admin/coupons',
  ...staffDoc('Every promo code, with its redemptions and source (coupons.json or an admin)'),
  responses: { 200: reply(AdminCoupons, 'The codes'), ...staffErrors(401, 403) },
});

const createCoupon = createRoute({
  method: 'post',
  path: '/staff/admin/coupons',
  ...staffDoc(
    'Make a promo code',
    'The code is normalised as members type it (upper case, ASCII digits, no spaces); percent 1–100 or an amount in cents; the courses must exist; the window ordered. 409 COUPON_EXISTS when the code is taken.',
  ),
  middleware: [jsonBody] as const,
  request: bodyOf(CouponDraft),
  responses: { 201: reply(AdminCoupon, 'The code'), ...staffErrors(...BODY_ERRORS, 401, 403, 409) },
});

const changeCoupon = createRoute({
  method: 'patch',
  path: '/staff/admin/coupons/{code}',
  ...staffDoc('Switch a promo code on or off, or change its end or limits'),
  middleware: [jsonBody] as const,
  request: { params: CouponParams, ...bodyOf(CouponPatch) },
  responses: { 200: reply(AdminCoupon, 'The code'), ...staffErrors(...BODY_ERRORS, 401, 403, 404) },
});

const orders = createRoute({
  method: 'get',
  path: '/staff/admin/orders',
  ...staffDoc('Course orders by the member’s number or by invoice number (one of them is needed)'),
  request: { query: OrdersQuery },
  responses: { 200: reply(AdminOrders, 'The orders found, newest first'), ...staffErrors(400, 401, 403) },
});

const refund = createRoute({
  method: 'post',
  path: '/staff/admin/orders/{id}/refund',
  ...staffDoc(
    'Refund a course order (an exceptional case)',
    'The whole charge back through the payment provider, a credit note (CN-year-sequence), and the courses it bought taken from her. 409 ALREADY_REFUNDED; two requests at once make one refund.',
  ),
  middleware: [jsonBody] as const,
  request: { params: OrderParams, ...bodyOf(ReasonBody) },
  responses: {
    200: reply(AdminOrder, 'The order with its refund'),
    402: { description: 'PAYMENT_FAILED: the provider refused the refund' },
    ...staffErrors(...BODY_ERRORS, 401, 403, 404, 409),
  },
});

export function staffAdminRoutes({ database, clock, catalogue, provider }: StaffDeps) {
  const admin = {
    experts: createAdminExperts({ database, clock, catalogue }),
    coupons: createAdminCoupons({ database, clock }),
    orders: createAdminOrders({ database, clock, provider }),
  };
  return createRouter()
    .openapi(experts, async (c) => c.json(await admin.experts.list(c.var.locale), 200))
    .openapi(published, async (c) => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      return c.json(await admin.experts.setPublished(actorOf(c), id, body.published, c.var.locale), 200);
    })
    .openapi(approve, async (c) =>
      c.json(await admin.experts.approve(actorOf(c), c.req.valid('param').id, c.var.locale), 200),
    )
    .openapi(reject, async (c) => {
      const { id } = c.req.valid('param');
      return c.json(
        await admin.experts.reject(actorOf(c), id, c.req.valid('json').reason, c.var.locale),
        200,
      );
    })
    .openapi(coupons, async (c) => c.json(await admin.coupons.list(), 200))
    .openapi(createCoupon, async (c) =>
      c.json(await admin.coupons.create(actorOf(c), c.req.valid('json')), 201),
    )
    .openapi(changeCoupon, async (c) =>
      c.json(await admin.coupons.change(actorOf(c), c.req.valid('param').code, c.req.valid('json')), 200),
    )
    .openapi(orders, async (c) => c.json(await admin.orders.find(c.req.valid('query'), c.var.locale), 200))
    .openapi(refund, async (c) => {
      const id = c.req.valid('param').id.toLowerCase();
      return c.json(await admin.orders.refund(actorOf(c), id, c.req.valid('json').reason, c.var.locale), 200);
    });
}
