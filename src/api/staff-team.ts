import { fromPromise } from 'xstate';
import { MAX_PAGE_SIZE } from '../../contract/learning-constants';
import type { CoursesPage } from '../../contract/learning-courses';
import type { AuditPage } from '../../contract/staff';
import type {
  AdminCoupon,
  AdminCoupons,
  AdminExpert,
  AdminExperts,
  AdminOrder,
  AdminOrders,
  CouponDraft,
  CouponPatch,
} from '../../contract/staff-admin';
import type { InboxItem, InboxPage, InboxQuery, SubmissionStatus } from '../../contract/staff-inbox';
import { request } from './client';
import { staffDownload, staffRequest } from './staff-client';

/**
 * The team inbox's and the admin pages' actors (issue 26: contract/staff-inbox.ts, staff-admin.ts,
 * staff.ts AuditPage) over the staff client: the staff session's cookie, never a member's token.
 * Each passes its actor's abort signal, so leaving a state (or the page) cancels the request.
 */
const seg = encodeURIComponent;

/** GET /staff/inbox?status=&kind=&cursor= */
export const loadInbox = fromPromise<InboxPage, InboxQuery>(({ input, signal }) =>
  staffRequest('/inbox', { query: withoutEmpty(input), signal }),
);

/** GET /staff/inbox/{id} */
export const loadInboxItem = fromPromise<InboxItem, { id: string }>(({ input, signal }) =>
  staffRequest(`/inbox/${seg(input.id)}`, { signal }),
);

/** PATCH /staff/inbox/{id} { status } */
export const setInboxStatus = fromPromise<InboxItem, { id: string; status: SubmissionStatus }>(
  ({ input, signal }) =>
    staffRequest(`/inbox/${seg(input.id)}`, { method: 'PATCH', body: { status: input.status }, signal }),
);

/** POST /staff/inbox/{id}/notes { body } */
export const addInboxNote = fromPromise<InboxItem, { id: string; body: string }>(({ input, signal }) =>
  staffRequest(`/inbox/${seg(input.id)}/notes`, { method: 'POST', body: { body: input.body }, signal }),
);

/** GET /staff/inbox/{id}/cv: the application's PDF. */
export const downloadCv = fromPromise<Blob, { id: string }>(({ input, signal }) =>
  staffDownload(`/inbox/${seg(input.id)}/cv`, signal),
);

/** GET /staff/admin/experts */
export const loadAdminExperts = fromPromise<AdminExperts>(({ signal }) =>
  staffRequest('/admin/experts', { signal }),
);

/** PUT /staff/admin/experts/{id}/published, or POST …/profile/approve | …/profile/reject. */
export const changeAdminExpert = fromPromise<
  AdminExpert,
  | { id: string; change: 'publish'; published: boolean }
  | { id: string; change: 'approve' }
  | { id: string; change: 'reject'; reason: string }
>(({ input, signal }) => {
  const at = `/admin/experts/${seg(input.id)}`;
  if (input.change === 'publish')
    return staffRequest(`${at}/published`, { method: 'PUT', body: { published: input.published }, signal });
  if (input.change === 'approve') return staffRequest(`${at}/profile/approve`, { method: 'POST', signal });
  return staffRequest(`${at}/profile/reject`, { method: 'POST', body: { reason: input.reason }, signal });
});

/** GET /staff/admin/coupons, with the catalogue's courses (GET /lms/courses/all) to choose from. */
export const loadAdminCoupons = fromPromise<
  { coupons: AdminCoupon[]; courses: { id: string; title: string }[] },
  void
>(async ({ signal }) => {
  const [coupons, courses] = await Promise.all([
    staffRequest<AdminCoupons>('/admin/coupons', { signal }),
    request<CoursesPage>('/lms/courses/all', { query: { page: 1, limit: MAX_PAGE_SIZE }, signal }),
  ]);
  return { coupons: coupons.items, courses: courses.items.map((c) => ({ id: c.id, title: c.title })) };
});

/** POST /staff/admin/coupons CouponDraft (201; 409 COUPON_EXISTS) */
export const createCoupon = fromPromise<AdminCoupon, CouponDraft>(({ input, signal }) =>
  staffRequest('/admin/coupons', { method: 'POST', body: input, signal }),
);

/** PATCH /staff/admin/coupons/{code} { active } */
export const patchCoupon = fromPromise<AdminCoupon, { code: string; patch: CouponPatch }>(
  ({ input, signal }) =>
    staffRequest(`/admin/coupons/${seg(input.code)}`, { method: 'PATCH', body: input.patch, signal }),
);

/** GET /staff/admin/orders?memberNumber= | ?invoice= */
export const searchOrders = fromPromise<AdminOrders, { memberNumber?: string; invoice?: string }>(
  ({ input, signal }) => staffRequest('/admin/orders', { query: withoutEmpty(input), signal }),
);

/** POST /staff/admin/orders/{id}/refund { reason } (409 ALREADY_REFUNDED) */
export const refundOrder = fromPromise<AdminOrder, { id: string; reason: string }>(({ input, signal }) =>
  staffRequest(`/admin/orders/${seg(input.id)}/refund`, {
    method: 'POST',
    body: { reason: input.reason },
    signal,
  }),
);

/** GET /staff/audit?cursor= */
export const loadAudit = fromPromise<AuditPage, { cursor: string | null }>(({ input, signal }) =>
  staffRequest('/audit', { query: input.cursor ? { cursor: input.cursor } : {}, signal }),
);

function withoutEmpty(query: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}
