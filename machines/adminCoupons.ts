import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { AdminCoupon, CouponDraft, CouponPatch } from '../contract/staff-admin';
import {
  type CouponChange,
  type CouponFields,
  couponDraft,
  couponProblems,
  emptyCoupon,
  withCouponField,
} from './adminCoupons-rules';
import { type AppError, notProvided, toAppError } from './types';

/**
 * Promo codes, /staff/admin/coupons (issue 26): every code in the database (seeded from
 * coupons.json or made here) with its terms and redemptions, a form to make a new one (checked
 * before the server is asked; the server's field codes land under their fields, a code that
 * exists under the code), and deactivating or reactivating one. Its rules: adminCoupons-rules.ts.
 */
export * from './adminCoupons-rules';

export interface CouponsData {
  coupons: AdminCoupon[];
  courses: { id: string; title: string }[];
}

export interface AdminCouponsContext extends CouponsData {
  fields: CouponFields;
  fieldErrors: Record<string, string>;
  error: AppError | null;
  /** The code being switched on or off. */
  toggling: { code: string; active: boolean } | null;
  /** What the last change did (the page says it). */
  done: { kind: 'created' | 'toggled'; code: string } | null;
}

export type AdminCouponsEvent =
  | ({ type: 'coupons.field' } & CouponChange)
  | { type: 'coupons.create' }
  | { type: 'coupons.active'; code: string; active: boolean }
  | { type: 'coupons.retry' };

const errorOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const couponOf = ({ event }: { event: { output: AdminCoupon } }) => ({ coupon: event.output });

export const adminCouponsMachine = setup({
  types: {} as { context: AdminCouponsContext; events: AdminCouponsEvent },
  actors: {
    /** GET /staff/admin/coupons and the catalogue's courses */
    loadAdminCoupons: fromPromise<CouponsData, void>(notProvided),
    /** POST /staff/admin/coupons */
    createCoupon: fromPromise<AdminCoupon, CouponDraft>(notProvided),
    /** PATCH /staff/admin/coupons/{code} */
    patchCoupon: fromPromise<AdminCoupon, { code: string; patch: CouponPatch }>(notProvided),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(couponProblems(context.fields)).length > 0,
    /** The server's refusal names fields (or the code exists): said under them. */
    isFieldRefusal: (_, { error }: { error: unknown }) => {
      const e = toAppError(error);
      return e.code === 'COUPON_EXISTS' || Object.keys(e.fields ?? {}).length > 0;
    },
  },
  actions: {
    keepData: assign((_, { data }: { data: CouponsData }) => ({ ...data, error: null })),
    setError: assign((_, { error }: { error: unknown }) => ({ error: toAppError(error, 'NETWORK_ERROR') })),
    clearError: assign({ error: null, done: null }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'coupons.field');
      return withCouponField(context.fields, context.fieldErrors, event);
    }),
    showProblems: assign(({ context }) => ({ fieldErrors: couponProblems(context.fields), done: null })),
    showFieldRefusal: assign((_, { error }: { error: unknown }) => {
      const e = toAppError(error);
      return { fieldErrors: e.code === 'COUPON_EXISTS' ? { code: 'COUPON_EXISTS' } : { ...e.fields } };
    }),
    keepCreated: assign(({ context }, { coupon }: { coupon: AdminCoupon }) => ({
      coupons: [coupon, ...context.coupons.filter((c) => c.code !== coupon.code)],
      fields: emptyCoupon(),
      fieldErrors: {},
      done: { kind: 'created' as const, code: coupon.code },
    })),
    setToggling: assign(({ event }) => {
      assertEvent(event, 'coupons.active');
      return { toggling: { code: event.code, active: event.active }, error: null, done: null };
    }),
    keepToggled: assign(({ context }, { coupon }: { coupon: AdminCoupon }) => ({
      coupons: context.coupons.map((c) => (c.code === coupon.code ? coupon : c)),
      toggling: null,
      done: { kind: 'toggled' as const, code: coupon.code },
    })),
    endToggling: assign({ toggling: null }),
  },
}).createMachine({
  id: 'adminCoupons',
  description: 'Promo codes: the list, a new code, on or off.',
  context: {
    coupons: [],
    courses: [],
    fields: emptyCoupon(),
    fieldErrors: {},
    error: null,
    toggling: null,
    done: null,
  },
  initial: 'loading',
  on: { 'coupons.field': { actions: 'setField' } },
  states: {
    loading: {
      description: 'GET /staff/admin/coupons, with the courses a code may be limited to.',
      tags: ['step:loading'],
      entry: 'clearError',
      invoke: {
        src: 'loadAdminCoupons',
        onDone: {
          target: 'ready',
          actions: { type: 'keepData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'setError', params: errorOf } },
      },
    },
    failed: {
      description: '"The promo codes could not be loaded", with a retry.',
      tags: ['step:failed'],
      on: { 'coupons.retry': 'loading' },
    },
    ready: {
      description: 'The list and the form.',
      tags: ['step:ready'],
      initial: 'idle',
      on: {
        'coupons.create': [
          { guard: 'hasProblems', target: '.idle', actions: 'showProblems' },
          { target: 'creating', actions: 'clearError' },
        ],
        'coupons.active': { target: 'toggling', actions: 'setToggling' },
      },
      states: {
        idle: { description: 'She fills the form or reads the list.' },
        done: { description: 'A code was made or switched (said politely).', tags: ['done'] },
        refused: { description: 'Refused or not reached: said above the form.', tags: ['refused'] },
      },
    },
    creating: {
      description: 'POST /staff/admin/coupons; the form waits.',
      tags: ['step:ready', 'busy', 'creating'],
      invoke: {
        src: 'createCoupon',
        input: ({ context }) => couponDraft(context.fields),
        onDone: { target: 'ready.done', actions: { type: 'keepCreated', params: couponOf } },
        onError: [
          {
            guard: { type: 'isFieldRefusal', params: errorOf },
            target: 'ready.idle',
            actions: { type: 'showFieldRefusal', params: errorOf },
          },
          { target: 'ready.refused', actions: { type: 'setError', params: errorOf } },
        ],
      },
    },
    toggling: {
      description: 'PATCH /staff/admin/coupons/{code} { active }; its row waits.',
      tags: ['step:ready', 'busy'],
      invoke: {
        src: 'patchCoupon',
        input: ({ context }) => ({
          code: context.toggling!.code,
          patch: { active: context.toggling!.active },
        }),
        onDone: { target: 'ready.done', actions: { type: 'keepToggled', params: couponOf } },
        onError: {
          target: 'ready.refused',
          actions: [{ type: 'setError', params: errorOf }, 'endToggling'],
        },
      },
    },
  },
});
