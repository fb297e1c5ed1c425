import { FormattedMessage, useIntl } from 'react-intl';
import { WEEKDAYS } from '../../../contract/consultation-rules';
import { HOURS_BOUNDS, type HoursNumber } from '../../../machines/expertHours';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { Button } from '../../components/button';
import { InputField } from '../../components/input-field';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { ExpertHoursFlow, useExpertHoursActor } from './flow';
import { DatesOff } from './HoursDates';
import { RangeRow, section, sectionTitle, useHoursChange, useProblem, ZoneCombobox } from './hours-parts';
import { FormEnd, PageTitle } from './parts';

const STEPS = ['loading', 'loadFailed', 'editing', 'saving', 'saved', 'invalid', 'failed'] as const;

/** Her hours, /staff/hours (issue 26): zone, weekly ranges, dates off or extra, buffer, notice, horizon. */
export default function ExpertHoursView() {
  const actor = useExpertHoursActor();
  return (
    <ExpertHoursFlow.Provider value={actor}>
      <ExpertHours />
    </ExpertHoursFlow.Provider>
  );
}

function ExpertHours() {
  const send = useFlowSend(ExpertHoursFlow);
  const step = useFlowStep(ExpertHoursFlow, STEPS, 'loading');
  const c = useFlowSelect(ExpertHoursFlow, (s) => s.context);
  const change = useHoursChange();
  const problem = useProblem();
  const busy = step === 'saving';
  const f = c.fields;
  return (
    <div data-testid="expert-hours" className={css({ display: 'grid', gap: '5', maxWidth: '3xl' })}>
      <PageTitle id="staff.expert.hours.title" />
      <p className={css({ color: 'fg.muted' })}>
        <FormattedMessage id="staff.expert.hours.intro" />
      </p>
      {step === 'loading' && (
        <LoadingState label={<FormattedMessage id="staff.expert.hours.loading" />}>
          <Skeleton className={css({ height: '64' })} />
        </LoadingState>
      )}
      {step === 'loadFailed' && (
        <Notice
          data-testid="hours-load-error"
          title={<FormattedMessage id="staff.expert.hours.loadError" />}
          actions={<RetryButton labelId="staff.expert.retry" onClick={() => send({ type: 'hours.retry' })} />}
        />
      )}
      {f && (
        <form
          noValidate
          aria-busy={busy}
          className={css({ display: 'grid', gap: '5' })}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'hours.submitted' });
          }}
        >
          <ZoneCombobox
            value={f.timeZone}
            error={problem(c.fieldErrors.timeZone)}
            disabled={busy}
            onChange={(value) => change({ kind: 'zone', value })}
          />
          <WeeklyHours />
          <DatesOff />
          <section className={panel({ padding: 'none' })} aria-labelledby="hours-rules">
            <div className={section}>
              <h2 id="hours-rules" className={sectionTitle}>
                <FormattedMessage id="staff.expert.hours.rules" />
              </h2>
              <div
                className={css({ display: 'grid', gap: '3', gridTemplateColumns: { md: 'repeat(3, 1fr)' } })}
              >
                {(Object.keys(HOURS_BOUNDS) as HoursNumber[]).map((field) => (
                  <InputField
                    key={field}
                    label={<FormattedMessage id={`staff.expert.hours.${field}`} />}
                    helper={<FormattedMessage id="staff.expert.hours.between" values={HOURS_BOUNDS[field]} />}
                    invalid={!!c.fieldErrors[field]}
                    error={problem(c.fieldErrors[field])}
                    errorTestId={`hours-${field}-error`}
                    inputMode="numeric"
                    dir="ltr"
                    value={f[field]}
                    disabled={busy}
                    onChange={(e) => change({ kind: 'number', field, value: e.currentTarget.value })}
                    data-testid={`hours-${field}`}
                  />
                ))}
              </div>
            </div>
          </section>
          <Notice status="info" description={<FormattedMessage id="staff.expert.hours.kept" />} />
          <FormEnd
            name="hours"
            ended={step === 'failed' || step === 'invalid' ? step : step === 'saved' ? 'done' : null}
            error={c.error}
            busy={busy}
            ids={{
              failed: 'staff.expert.hours.failed',
              invalid: 'staff.expert.hours.invalid',
              done: 'staff.expert.hours.saved',
              submit: 'staff.expert.hours.save',
            }}
            testIds={{ done: 'hours-saved', submit: 'hours-save' }}
          />
        </form>
      )}
    </div>
  );
}

/** Sunday … Saturday in her language. */
const weekdayName = (intl: ReturnType<typeof useIntl>, i: number) =>
  intl.formatDate(Date.UTC(2026, 10, 29 + i), { weekday: 'long', timeZone: 'UTC' });

function WeeklyHours() {
  const intl = useIntl();
  const weekly = useFlowSelect(ExpertHoursFlow, (s) => s.context.fields!.weekly);
  const errors = useFlowSelect(ExpertHoursFlow, (s) => s.context.fieldErrors);
  const busy = useFlowSelect(ExpertHoursFlow, (s) => s.hasTag('busy'));
  const change = useHoursChange();
  const problem = useProblem();
  return (
    <section className={panel({ padding: 'none' })} aria-labelledby="hours-weekly">
      <div className={section}>
        <h2 id="hours-weekly" className={sectionTitle}>
          <FormattedMessage id="staff.expert.hours.weekly" />
        </h2>
        {WEEKDAYS.map((day, d) => {
          const name = weekdayName(intl, d);
          return (
            <div
              key={day}
              data-testid={`hours-day-${day}`}
              className={css({
                display: 'grid',
                gap: '2',
                gridTemplateColumns: { md: '10rem 1fr' },
                alignItems: 'start',
                py: '2',
                borderBlockStartWidth: d === 0 ? '0' : '1px',
                borderColor: 'border.subtle',
              })}
            >
              <h3 className={css({ fontWeight: '600', pt: '1.5' })}>{name}</h3>
              <div className={css({ display: 'grid', gap: '2', justifyItems: 'start' })}>
                {weekly[day].length === 0 && (
                  <p className={css({ color: 'fg.muted', pt: '1.5' })}>
                    <FormattedMessage id="staff.expert.hours.dayOff" />
                  </p>
                )}
                {weekly[day].map((range, i) => (
                  <RangeRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                    key={i}
                    testId={`hours-${day}-${i}`}
                    name={intl.formatMessage({ id: 'staff.expert.hours.rangeName' }, { day: name, n: i + 1 })}
                    range={range}
                    error={problem(errors[`weekly.${day}.${i}`])}
                    disabled={busy}
                    onChange={(end, value) => change({ kind: 'rangeChanged', day, index: i, end, value })}
                    onRemove={() => change({ kind: 'rangeRemoved', day, index: i })}
                  />
                ))}
                {errors[`weekly.${day}`] && (
                  <p className={css({ color: 'error.fg', textStyle: 'body.sm' })}>
                    {problem(errors[`weekly.${day}`])}
                  </p>
                )}
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={busy}
                  onClick={() => change({ kind: 'rangeAdded', day })}
                  data-testid={`hours-${day}-add`}
                  aria-label={intl.formatMessage({ id: 'staff.expert.hours.addRangeTo' }, { day: name })}
                >
                  <FormattedMessage id="staff.expert.hours.addRange" />
                </Button>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
