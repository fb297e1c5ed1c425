import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { isMedicalConsultation } from '../../../contract/consultation-rules';
import type { ExpertProfile } from '../../../contract/experts';
import {
  type BookingAttempt,
  type BookingImplementations,
  type BookingOffer,
  bookingMachine,
} from '../../../machines/booking';
import { selectStepCount, selectStepNumber } from '../../../machines/booking-selectors';
import { cardPaymentMachine } from '../../../machines/cardPayment';
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
import { untilHoldEnds } from '../../app/booking-clock';
import { forgetBookingAttempt, readPendingBooking, saveBookingAttempt } from '../../app/booking-storage';
import { clockActor } from '../../app/clock';
import { useFlowSelect, useFlowStep } from '../../app/flow';
import { useLocaleChange } from '../../app/useLocaleChange';
import { LoadingState } from '../../components/loading-state';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { PaymentProvider } from '../checkout/payment-flow';
import { BookingSummary } from './BookingSummary';
import { DetailsStep } from './DetailsStep';
import { ConfirmedStep, ExpiredStep } from './EndSteps';
import { BOOKING_STEPS, BookingFlow } from './flow';
import { HoldTimer } from './HoldTimer';
import { PayStep } from './PayStep';
import { SlotPicker } from './SlotPicker';

type Actions = BookingImplementations['actions'];

/**
 * The booking as the panel runs it: the server's actors by name, the clock, the card payment (the
 * child machine) with its own and `confirm` as its `pay`, the effects on this tab's storage, and
 * the hold's delay from the server's end; a test's overrides (the same flat names) over them.
 */
function createLogic(overrides: ScreenOverrides['booking'], actions: Actions) {
  const { loadSlots, hold, loadBooking, findHold, releaseHold, clock, confirm, ...card } = {
    loadSlots: loadSlotsActor,
    hold: holdActor,
    loadBooking: loadBookingActor,
    findHold: findHoldActor,
    releaseHold: releaseHoldActor,
    clock: clockActor,
    confirm: confirmActor,
    ...cardPaymentActors,
    ...overrides?.actors,
  };
  const { saveAttempt, forgetAttempt, ...own } = { ...actions, ...overrides?.actions };
  return bookingMachine.provide({
    actors: {
      loadSlots,
      hold,
      loadBooking,
      findHold,
      releaseHold,
      clock,
      cardPayment: cardPaymentMachine.provide({
        actors: { ...card, pay: confirm } as never,
        actions: { saveAttempt, forgetAttempt },
      }),
    } as never,
    actions: { ...own, forgetAttempt },
    delays: {
      // the server's end of the hold, not ten minutes from whenever this state was entered
      holdTimeout: untilHoldEnds,
      ...overrides?.delays,
    },
  });
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
      saveAttempt: (_, { attempt }) => saveBookingAttempt(attempt as BookingAttempt, memberId, expert.id),
      forgetAttempt: () => forgetBookingAttempt(),
    }),
  );
  const [input] = useState(() => ({
    expertId: expert.id,
    offers: expert.offers.map(
      (o): BookingOffer => ({
        id: o.id,
        kind: o.kind,
        minutes: o.minutes,
        price: o.price,
        medical: isMedicalConsultation(expert.specialty, o.kind),
      }),
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
        <BookingScreen expertName={expert.name} />
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

function BookingScreen({ expertName }: { expertName: string }) {
  const step = useFlowStep(BookingFlow, BOOKING_STEPS, 'loading');
  const booking = useFlowSelect(BookingFlow, (s) => s.context.booking);
  const held = useFlowSelect(BookingFlow, (s) => s.hasTag('held'));
  // known from the offer chosen before anything is held, so the step count never changes mid-way
  const stepNumber = useFlowSelect(BookingFlow, selectStepNumber);
  const stepCount = useFlowSelect(BookingFlow, selectStepCount);
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
          {held && <HoldTimer />}
          <BookingSummary booking={booking} />
          {step === 'details' ? (
            <DetailsStep />
          ) : (
            <PaymentProvider flow={BookingFlow}>
              <PayStep />
            </PaymentProvider>
          )}
        </>
      )}
      {step === 'confirmed' && <ConfirmedStep />}
      {step === 'expired' && <ExpiredStep />}
    </>
  );
}

export default BookingPanel;
