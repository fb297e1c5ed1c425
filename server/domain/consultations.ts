/**
 * Expert consultations (issue 10), one file per role, wired here on one database, clock, payment
 * provider and configuration:
 * - consultations-slots.ts     an expert's open slots for an offer, with its price
 * - consultations-holds.ts     holding a slot (one slot, one booking), sweeping holds that ran out
 * - consultations-confirm.ts   paying and confirming (with consultations-requests.ts, the
 *                              Idempotency-Key, and consultations-finalize.ts, the transaction)
 * - consultations-cancel.ts    cancelling with the spec's refund tiers, the credit note
 * - consultations-views.ts     her bookings as she sees them, the team's listing
 * - consultations-room.ts      joining the call, the expert's invite by mail
 * - consultations-store.ts     what they all read: her booking, the expert, busy times, the locks
 * Beside them: the call's room, sealed details and invite (consultations-calls.ts), fairness
 * limits (consultations-fairness.ts), key rotation (consultations-keys.ts). Rules (slots, tiers,
 * money) are the contract's zod-free consultation-rules.ts; every time comes from the injected clock.
 */
import { createCancel } from './consultations-cancel.ts';
import { createConfirm } from './consultations-confirm.ts';
import { createHolds } from './consultations-holds.ts';
import { createRequests } from './consultations-requests.ts';
import { createRoom } from './consultations-room.ts';
import { createSlots } from './consultations-slots.ts';
import type { ConsultationsDeps } from './consultations-store.ts';
import { createViews, listBookingsForTeam } from './consultations-views.ts';

export { bookingTitles, type HoldInput } from './consultations-holds.ts';
export {
  CONSULT_CHARGE_KEY_PREFIX,
  type ConfirmInput,
  type ConfirmReply,
} from './consultations-requests.ts';
export { type ConsultationsDeps, liveStatus } from './consultations-store.ts';
export { listBookingsForTeam, type TeamBooking } from './consultations-views.ts';

export function createConsultations(deps: ConsultationsDeps) {
  const { database, clock } = deps;
  const views = createViews({ db: database.db, clock });
  const slots = createSlots(deps);
  const room = createRoom(deps);
  const holds = createHolds(deps, { views, slots });
  const requests = createRequests(deps, { views });
  const confirm = createConfirm(deps, { views, requests, room });
  const cancel = createCancel(deps, { views, room });
  return {
    sweep: () => holds.sweep(),
    slots: slots.slots,
    hold: holds.hold,
    confirm: confirm.confirm,
    resume: confirm.resume,
    abandon: confirm.abandon,
    list: views.list,
    get: views.get,
    join: room.join,
    cancellation: cancel.cancellation,
    cancel: cancel.cancel,
    creditNoteDocument: cancel.creditNoteDocument,
    teamList: (limit = 200) => listBookingsForTeam(database.db, clock.now(), limit),
  };
}
export type Consultations = ReturnType<typeof createConsultations>;
