import { FormattedMessage, useIntl } from 'react-intl';
import type { ExpertBooking } from '../../../contract/staff-expert';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import * as Tabs from '../../components/tabs';
import { ClockIcon } from '../../theme/icons';
import { ExpertBookingRow } from './ExpertBookingRow';
import { ExpertCallDialog } from './ExpertCallDialog';
import { DetailsDialog, NoShowDialog } from './ExpertDialogs';
import { ExpertDayFlow, useExpertDayActor } from './flow';
import { PageTitle } from './parts';

/** Her consultations, /staff (issue 26): upcoming and past in her zone; join, sealed details, no-show. */
export default function ExpertDayView() {
  const actor = useExpertDayActor();
  return (
    <ExpertDayFlow.Provider value={actor}>
      <ExpertDay />
    </ExpertDayFlow.Provider>
  );
}

function ExpertDay() {
  const send = useFlowSend(ExpertDayFlow);
  const loading = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('list:loading'));
  const failed = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('list:failed'));
  const data = useFlowSelect(ExpertDayFlow, (s) => s.context.data);
  return (
    <div data-testid="expert-day" className={css({ display: 'grid', gap: '5' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between' })}>
        <div className={css({ display: 'grid', gap: '1' })}>
          <PageTitle id="staff.expert.day.title" />
          {data && (
            <p
              data-testid="expert-day-zone"
              className={css({ display: 'flex', gap: '2', alignItems: 'center', color: 'fg.muted' })}
            >
              <ClockIcon aria-hidden="true" className={css({ boxSize: '4' })} />
              <span>
                <FormattedMessage
                  id="staff.expert.day.zone"
                  values={{ zone: <bdi dir="ltr">{data.timeZone}</bdi> }}
                />
              </span>
            </p>
          )}
        </div>
        {data && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            loading={loading}
            onClick={() => send({ type: 'expertDay.refresh' })}
            data-testid="expert-day-refresh"
          >
            <FormattedMessage id="staff.expert.day.refresh" />
          </Button>
        )}
      </div>
      {loading && !data && (
        <LoadingState
          label={<FormattedMessage id="staff.expert.day.loading" />}
          data-testid="expert-day-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '24' })} />
            <Skeleton className={css({ height: '24' })} />
          </div>
        </LoadingState>
      )}
      {failed && (
        <Notice
          data-testid="expert-day-error"
          title={<FormattedMessage id="staff.expert.day.error" />}
          actions={
            <RetryButton labelId="staff.expert.retry" onClick={() => send({ type: 'expertDay.retry' })} />
          }
        />
      )}
      {data && (
        <Tabs.Root defaultValue="upcoming" lazyMount>
          <DayTabs upcoming={data.upcoming} past={data.past} />
        </Tabs.Root>
      )}
      <ExpertCallDialog />
      <DetailsDialog />
      <NoShowDialog />
    </div>
  );
}

function DayTabs({ upcoming, past }: { upcoming: ExpertBooking[]; past: ExpertBooking[] }) {
  const intl = useIntl();
  const lists = { upcoming, past };
  return (
    <>
      <Tabs.List aria-label={intl.formatMessage({ id: 'staff.expert.day.tabs' })}>
        {(['upcoming', 'past'] as const).map((when) => (
          <Tabs.Trigger key={when} value={when} data-testid={`expert-tab-${when}`}>
            <FormattedMessage id={`staff.expert.day.${when}`} values={{ count: lists[when].length }} />
          </Tabs.Trigger>
        ))}
        <Tabs.Indicator />
      </Tabs.List>
      {(['upcoming', 'past'] as const).map((when) => (
        <Tabs.Content key={when} value={when} data-testid={`expert-${when}`}>
          {lists[when].length === 0 ? (
            <EmptyState
              titleAs="p"
              icon={<ClockIcon />}
              title={<FormattedMessage id={`staff.expert.day.${when}.none`} />}
            />
          ) : (
            <ul className={css({ display: 'grid', gap: '3', listStyle: 'none', p: '0', m: '0' })}>
              {lists[when].map((b) => (
                <ExpertBookingRow key={b.id} booking={b} />
              ))}
            </ul>
          )}
        </Tabs.Content>
      ))}
    </>
  );
}
