import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { HOLD_MINUTES, isMedicalConsultation } from '../../../contract/consultation-rules';
import type { ExpertProfile } from '../../../contract/experts';
import { type BookingOffer, bookingMachine } from '../../../machines/booking';
import { css, cx } from '../../../styled-system/css';
import { cardPaymentActors } from '../../api/commerce';
import {
  confirmActor,
  findHoldActor,
  holdActor,
  loadBookingActor,
  loadSlotsActor,
  releaseHoldActor,
} from '../../api/consultations';
import { type ScreenOverrides, useScreenOverrides, useSession } from '../../app/actors';
import { forgetBookingAttempt, readPendingBooking, saveBookingAttempt } from '../../app/booking-storage';
import { useFlowSelect, useFlowStep } from '../../app/flow';
import { useLocaleChange } from '../../app/useLocaleChange';
import { LoadingState } from '../../components/loading-state';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { BOOKING_STEPS, BookingFlow } from './flow';
import { SlotPicker } from './SlotPicker';
import { BookingSummary, ConfirmedStep, DetailsStep, ExpiredStep, HoldTimer, PayStep } from './steps';

type Actions = Parameters<typeof bookingMachine.provide>[0]['actions'];

function createLogic(overrides: ScreenOverrides['booking'], actions: Actions) {
  const real = bookingMachine.provide({
    actors: {
      loadSlots: loadSlotsActor,
      hold: holdActor,
      loadBooking: loadBookingActor,
      findHold: findHoldActor,
      releaseHold: releaseHoldActor,
      ...cardPaymentActors,
      confirm: confirmActor,
    },
    actions,
    delays: {
      // the server's end of the hold, not ten minutes from whenever this state was entered
      holdTimeout: ({ context }) => {
        const end = Date.parse(context.booking?.holdExpiresAt ?? '');
        return Number.isNaN(end) ? HOLD_MINUTES * 60_000 : Math.max(0, end - Date.now());
      },
    },
  });
  return overrides ? real.provide(overrides) : real;
}

const todayIso = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * Booking on the expert's page (issue 10): the `booking` machine's steps in one panel. A visitor
 * sees the slots and is asked to sign in to book (she comes back to this page); a member holds a
 * slot, gives her details when the consultation is medical, pays and is booked.
 */
export function BookingPanel({ expert }: { expert: ExpertProfile }) {
  const [, navigate] = useLocation();
  const memberId = useSession((s) =>
    s.matches('signedIn') ? String(s.context.user?.id ?? s.context.user?.userid ?? '') : '',
  );
  const overrides = useScreenOverrides();
  const [logic] = useState(() =>
    createLogic(overrides.booking, {
      requireSignIn: () => navigate(`/login?next=${encodeURIComponent(`/experts/${expert.id}`)}`),
      saveAttempt: (_, { attempt }) => saveBookingAttempt(attempt, memberId, expert.id),
      forgetAttempt: () => forgetBookingAttempt(),
    }),
  );
  const [input] = useState(() => ({
    expertId: expert.id,
    offers: expert.offers.map(
      (o): BookingOffer => ({ id: o.id, kind: o.kind, minutes: o.minutes, price: o.price }),
    ),
    modes: [...expert.modes],
    isMember: memberId !== '',
    today: todayIso(),
    pending: memberId ? readPendingBooking(memberId, expert.id) : null,
  }));
  const booking = useActorRef(logic, { input, inspect: overrides.inspect });

  // slots' prices come in the request's language; nothing else to fetch again
  useLocaleChange(() => booking.send({ type: 'booking.localeChanged' }));

  return (
    <BookingFlow.Provider value={booking}>
      <section
        aria-labelledby="booking-heading"
        data-testid="booking-panel"
        className={cx(panel({ tone: 'strong', padding: 'lg' }), css({ display: 'grid', gap: '5' }))}
      >
        <BookingScreen expertName={expert.name} specialty={expert.specialty} />
      </section>
    </BookingFlow.Provider>
  );
}

const STEP_TITLES: Record<string, string> = {
  choose: 'booking.title',
  details: 'booking.details.title',
  pay: 'booking.pay.title',
  confirmed: 'booking.confirmed.heading',
  expired: 'booking.title',
  loading: 'booking.title',
};

function BookingScreen({ expertName, specialty }: { expertName: string; specialty: string }) {
  const step = useFlowStep(BookingFlow, BOOKING_STEPS, 'loading');
  const booking = useFlowSelect(BookingFlow, (s) => s.context.booking);
  const held = useFlowSelect(BookingFlow, (s) => s.hasTag('held'));
  // known from the offer chosen before anything is held, so the step count never changes mid-way
  const chosenKind = useFlowSelect(
    BookingFlow,
    (s) => s.context.offers.find((o) => o.id === s.context.offerId)?.kind ?? 'consultation',
  );
  const medical = booking ? booking.medical : isMedicalConsultation(specialty, chosenKind);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // a new step: her focus goes to its heading (not on the first render: the page has its own)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const stepNumber = step === 'details' ? 2 : step === 'pay' ? (medical ? 3 : 2) : 1;
  const stepCount = medical ? 3 : 2;
  return (
    <>
      <div className={css({ display: 'grid', gap: '1' })}>
        <h2
          ref={heading}
          id="booking-heading"
          tabIndex={-1}
          className={css({ textStyle: 'heading.md', outline: 'none' })}
        >
          <FormattedMessage id={STEP_TITLES[step]} />
        </h2>
        {(step === 'choose' || step === 'details' || step === 'pay') && (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })} data-testid="booking-step">
            <FormattedMessage id="booking.step" values={{ step: stepNumber, count: stepCount }} />
          </p>
        )}
      </div>
      {step === 'loading' && (
        <LoadingState label={<FormattedMessage id="booking.loading" />}>
          <Skeleton className={css({ height: '40' })} />
        </LoadingState>
      )}
      {step === 'choose' && <SlotPicker expertName={expertName} />}
      {(step === 'details' || step === 'pay') && booking && (
        <>
          {held && booking.holdExpiresAt && <HoldTimer expiresAt={booking.holdExpiresAt} />}
          <BookingSummary booking={booking} />
          {step === 'details' ? <DetailsStep /> : <PayStep />}
        </>
      )}
      {step === 'confirmed' && <ConfirmedStep />}
      {step === 'expired' && <ExpiredStep />}
    </>
  );
}

export default BookingPanel;
