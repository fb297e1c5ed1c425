import { fromPromise } from 'xstate';
import type {
  ExpertBooking,
  ExpertBookings,
  ExpertHours,
  ExpertHoursBody,
  ExpertProfileTexts,
  JoinInfo,
  ProfileTextsBody,
  SealedDetails,
} from '../../contract/staff-expert';
import type { ExpertDayData } from '../../machines/expertDay';
import { staffRequest } from './staff-client';

/**
 * The expert portal's actors (issue 26) over the staff client: her bookings, the call, a medical
 * booking's sealed details, a no-show, her hours and her profile texts. Each passes its actor's abort
 * signal; a 401 goes to the staff area's own handler (her session ended).
 */
const seg = encodeURIComponent;

/** GET /staff/expert/bookings, upcoming and past at once. */
export const loadExpertBookingsActor = fromPromise<ExpertDayData>(async ({ signal }) => {
  const list = (when: 'upcoming' | 'past') =>
    staffRequest<ExpertBookings>('/expert/bookings', { query: { when }, signal });
  const [upcoming, past] = await Promise.all([list('upcoming'), list('past')]);
  return { upcoming: upcoming.items, past: past.items, timeZone: upcoming.timeZone };
});

const bookingPost = <T>(action: string) =>
  fromPromise<T, { bookingId: string }>(({ input, signal }) =>
    staffRequest<T>(`/expert/bookings/${seg(input.bookingId)}/${action}`, { method: 'POST', signal }),
  );

export const joinExpertCallActor = bookingPost<JoinInfo>('join');
export const openSealedDetailsActor = bookingPost<SealedDetails>('details');
export const markNoShowActor = bookingPost<ExpertBooking>('no-show');

export const loadExpertHoursActor = fromPromise<ExpertHours>(({ signal }) =>
  staffRequest<ExpertHours>('/expert/hours', { signal }),
);

export const saveExpertHoursActor = fromPromise<ExpertHours, ExpertHoursBody>(({ input, signal }) =>
  staffRequest<ExpertHours>('/expert/hours', { method: 'PUT', body: input, signal }),
);

export const loadExpertProfileActor = fromPromise<ExpertProfileTexts>(({ signal }) =>
  staffRequest<ExpertProfileTexts>('/expert/profile', { signal }),
);

export const submitExpertProfileActor = fromPromise<ExpertProfileTexts, ProfileTextsBody>(
  ({ input, signal }) =>
    staffRequest<ExpertProfileTexts>('/expert/profile', { method: 'PUT', body: input, signal }),
);
