import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Booking } from '../../../contract/consultations';
import { hasNoBookings } from '../../../machines/consultations';
import { css } from '../../../styled-system/css';
import { useScreenOverrides } from '../../app/actors';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { useLocaleChange } from '../../app/useLocaleChange';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { UserIcon } from '../../theme/icons';
import { BookingCard } from './BookingCard';
import { CallDialog } from './CallDialog';
import { CancelDialog } from './CancelDialog';
import { ConsultationsFlow, createConsultationsLogic } from './flow';

const groupTitle = css({ textStyle: 'heading.sm', color: 'fg.default' });

/** Her consultations, /dashboard/consultations (issue 10): upcoming, past, cancelled; join; cancel. */
export default function ConsultationsPage() {
  const intl = useIntl();
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createConsultationsLogic(overrides.consultations, intlRef));
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  usePageHeader(intl.formatMessage({ id: 'consultations.title' }));
  useLocaleChange(() => actor.send({ type: 'consultations.localeChanged' }));
  return (
    <ConsultationsFlow.Provider value={actor}>
      <Consultations />
    </ConsultationsFlow.Provider>
  );
}

function Consultations() {
  const send = useFlowSend(ConsultationsFlow);
  const loading = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('list:loading'));
  const failed = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('list:failed'));
  const error = useFlowSelect(ConsultationsFlow, (s) => s.context.error);
  const data = useFlowSelect(ConsultationsFlow, (s) => s.context.data);
  const empty = useFlowSelect(ConsultationsFlow, (s) => hasNoBookings(s.context.data));

  return (
    <div data-testid="consultations-page" className={css({ display: 'grid', gap: '6' })}>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <p className={css({ color: 'fg.muted', maxWidth: '65ch' })}>
          <FormattedMessage id="consultations.intro" />
        </p>
        <LinkButton href="/experts" variant="outline" size="sm">
          <FormattedMessage id="consultations.bookAnother" />
        </LinkButton>
      </div>
      {loading && !data && (
        <LoadingState
          label={<FormattedMessage id="consultations.loading" />}
          data-testid="consultations-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '32' })} />
            <Skeleton className={css({ height: '32' })} />
          </div>
        </LoadingState>
      )}
      {failed && (
        <Notice
          data-testid="consultations-error"
          title={<FormattedMessage id="consultations.error" />}
          description={
            error?.code === 'NETWORK_ERROR' ? (
              <FormattedMessage id="consultations.error.network" />
            ) : undefined
          }
          actions={
            <RetryButton
              labelId="consultations.retry"
              onClick={() => send({ type: 'consultations.retry' })}
            />
          }
        />
      )}
      {empty && (
        <section data-testid="consultations-empty" className={panel({ padding: 'none' })}>
          <EmptyState
            icon={<UserIcon />}
            title={<FormattedMessage id="consultations.empty.title" />}
            description={<FormattedMessage id="consultations.empty.body" />}
            action={
              <LinkButton href="/experts">
                <FormattedMessage id="consultations.empty.action" />
              </LinkButton>
            }
          />
        </section>
      )}
      {data && !empty && (
        <>
          <Group kind="upcoming" bookings={data.upcoming} />
          <Group kind="past" bookings={data.past} />
          <Group kind="cancelled" bookings={data.cancelled} />
        </>
      )}
      <CancelDialog />
      <CallDialog />
    </div>
  );
}

function Group({ kind, bookings }: { kind: 'upcoming' | 'past' | 'cancelled'; bookings: Booking[] }) {
  return (
    <section
      aria-labelledby={`consultations-${kind}`}
      data-testid={`consultations-${kind}`}
      className={css({ display: 'grid', gap: '3' })}
    >
      <h2 id={`consultations-${kind}`} className={groupTitle}>
        <FormattedMessage id={`consultations.group.${kind}`} values={{ count: bookings.length }} />
      </h2>
      {bookings.length === 0 ? (
        <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
          <FormattedMessage id={`consultations.group.${kind}.none`} />
        </p>
      ) : (
        <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
          {bookings.map((b) => (
            <BookingCard key={b.id} booking={b} />
          ))}
        </ul>
      )}
    </section>
  );
}
