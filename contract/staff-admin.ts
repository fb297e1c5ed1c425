/**
 * What admins change without a deploy (issue 26): publish or unpublish an expert, approve or refuse
 * her profile texts, promo codes in the database (coupons.json only seeds them), and the refund of a
 * course order in an exceptional case (a credit note; the enrolments it bought end).
 *
 *   GET   /staff/admin/experts                       → AdminExperts
 *   PUT   /staff/admin/experts/{id}/published        { published } → AdminExpert
 *   POST  /staff/admin/experts/{id}/profile/approve  → AdminExpert (the draft goes live)
 *   POST  /staff/admin/experts/{id}/profile/reject   { reason } → AdminExpert
 *   GET   /staff/admin/coupons                       → AdminCoupons
 *   POST  /staff/admin/coupons                       CouponDraft → AdminCoupon (201; 409 COUPON_EXISTS)
 *   PATCH /staff/admin/coupons/{code}                { active?, endsAt?, maxRedemptions?, perMemberLimit? } → AdminCoupon
 *   GET   /staff/admin/orders?memberNumber=&invoice= → AdminOrders (a member's course orders, or one by invoice number)
 *   POST  /staff/admin/orders/{id}/refund            { reason } → AdminOrder (409 ALREADY_REFUNDED)
 */
import { z } from '@hono/zod-openapi';
import { ProfileTextsBody } from './staff-expert.ts';

export const AdminExpert = z
  .object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    published: z.boolean(),
    /** Has a staff account linked. */
    hasAccount: z.boolean(),
    /** Her profile change waiting for approval. */
    pendingTexts: ProfileTextsBody.nullable(),
    live: ProfileTextsBody,
  })
  .openapi('AdminExpert');
export type AdminExpert = z.infer<typeof AdminExpert>;
export const AdminExperts = z.object({ items: z.array(AdminExpert) }).openapi('AdminExperts');
export type AdminExperts = z.infer<typeof AdminExperts>;

export const REJECT_REASON_MAX = 500;
export const REFUND_REASON_MAX = 500;

export const COUPON_KINDS = ['percent', 'amount'] as const;

export const CouponDraft = z
  .object({
    code: z.string(),
    kind: z.enum(COUPON_KINDS),
    /** percent: 1–100; amount: cents. */
    value: z.number().int(),
    /** Only these courses; null: every course. */
    courseIds: z.array(z.string()).nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    maxRedemptions: z.number().int().nullable(),
    perMemberLimit: z.number().int().nullable(),
  })
  .openapi('CouponDraft');
export type CouponDraft = z.infer<typeof CouponDraft>;

export const AdminCoupon = CouponDraft.extend({
  active: z.boolean(),
  /** 'file': seeded from coupons.json; 'admin': made here. */
  source: z.enum(['file', 'admin']),
  redemptions: z.number().int(),
}).openapi('AdminCoupon');
export type AdminCoupon = z.infer<typeof AdminCoupon>;
export const AdminCoupons = z.object({ items: z.array(AdminCoupon) }).openapi('AdminCoupons');
export type AdminCoupons = z.infer<typeof AdminCoupons>;

export const CouponPatch = z
  .object({
    active: z.boolean().optional(),
    endsAt: z.string().nullable().optional(),
    maxRedemptions: z.number().int().nullable().optional(),
    perMemberLimit: z.number().int().nullable().optional(),
  })
  .openapi('CouponPatch');
export type CouponPatch = z.infer<typeof CouponPatch>;

export const AdminOrder = z
  .object({
    id: z.uuid(),
    memberNumber: z.number().int().nullable(),
    invoiceNumber: z.string().nullable(),
    createdAt: z.string(),
    courses: z.array(z.object({ id: z.string(), title: z.string() })),
    total: z.number().int(),
    currency: z.literal('USD'),
    refund: z
      .object({ creditNoteNumber: z.string(), amount: z.number().int(), at: z.string(), reason: z.string() })
      .nullable(),
  })
  .openapi('AdminOrder');
export type AdminOrder = z.infer<typeof AdminOrder>;
export const AdminOrders = z.object({ items: z.array(AdminOrder) }).openapi('AdminOrders');
export type AdminOrders = z.infer<typeof AdminOrders>;
