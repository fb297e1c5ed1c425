import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect } from '../../app/flow';
import { Button } from '../../components/button';
import { InputField } from '../../components/input-field';
import { panel } from '../../components/panel';
import { Segments } from '../../components/segment-group';
import { ExpertHoursFlow } from './flow';
import { RangeRow, section, sectionTitle, useHoursChange, useProblem } from './hours-parts';

/** Dates off, or with extra hours: a date, off or extra, its ranges; add and remove. */
export function DatesOff() {
  const intl = useIntl();
  const exceptions = useFlowSelect(ExpertHoursFlow, (s) => s.context.fields!.exceptions);
  const errors = useFlowSelect(ExpertHoursFlow, (s) => s.context.fieldErrors);
  const busy = useFlowSelect(ExpertHoursFlow, (s) => s.hasTag('busy'));
  const change = useHoursChange();
  const problem = useProblem();
  return (
    <section className={panel({ padding: 'none' })} aria-labelledby="hours-dates">
      <div className={section}>
        <h2 id="hours-dates" className={sectionTitle}>
          <FormattedMessage id="staff.expert.hours.dates" />
        </h2>
        {exceptions.length === 0 && (
          <p className={css({ color: 'fg.muted' })}>
            <FormattedMessage id="staff.expert.hours.datesNone" />
          </p>
        )}
        {exceptions.map((e, index) => {
          const at = `exceptions.${index}`;
          const name = e.date || intl.formatMessage({ id: 'staff.expert.hours.newDate' });
          return (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: dates have no identity but their place
              key={index}
              data-testid={`hours-date-${index}`}
              className={css({
                display: 'grid',
                gap: '3',
                p: '3',
                borderWidth: '1px',
                borderColor: 'border.subtle',
                borderRadius: 'md',
              })}
            >
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'end' })}>
                <div className={css({ width: '44' })}>
                  <InputField
                    label={<FormattedMessage id="staff.expert.hours.date" />}
                    type="date"
                    dir="ltr"
                    value={e.date}
                    disabled={busy}
                    invalid={!!errors[`${at}.date`]}
                    error={problem(errors[`${at}.date`])}
                    errorTestId={`hours-date-${index}-date-error`}
                    onChange={(ev) => change({ kind: 'exceptionDate', index, value: ev.currentTarget.value })}
                    data-testid={`hours-date-${index}-date`}
                  />
                </div>
                <Segments
                  label={<FormattedMessage id="staff.expert.hours.dateKind" />}
                  ariaLabel={intl.formatMessage({ id: 'staff.expert.hours.dateKind' })}
                  value={e.kind}
                  options={[
                    { value: 'off', label: intl.formatMessage({ id: 'staff.expert.hours.off' }) },
                    { value: 'extra', label: intl.formatMessage({ id: 'staff.expert.hours.extra' }) },
                  ]}
                  onChange={(value) =>
                    change({ kind: 'exceptionKind', index, value: value as 'off' | 'extra' })
                  }
                  testId={`hours-date-${index}-kind`}
                />
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  aria-label={intl.formatMessage({ id: 'staff.expert.hours.removeDate' }, { date: name })}
                  onClick={() => change({ kind: 'exceptionRemoved', index })}
                  data-testid={`hours-date-${index}-remove`}
                >
                  <FormattedMessage id="staff.expert.hours.remove" />
                </Button>
              </div>
              {e.kind === 'extra' &&
                e.extra.map((range, r) => (
                  <RangeRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: ranges have no identity but their place
                    key={r}
                    testId={`hours-date-${index}-${r}`}
                    name={intl.formatMessage({ id: 'staff.expert.hours.rangeName' }, { day: name, n: r + 1 })}
                    range={range}
                    error={problem(errors[`${at}.extra.${r}`])}
                    disabled={busy}
                    onChange={(end, value) => change({ kind: 'extraChanged', index, range: r, end, value })}
                    onRemove={() => change({ kind: 'extraRemoved', index, range: r })}
                  />
                ))}
              {errors[at] && (
                <p
                  data-testid={`hours-date-${index}-error`}
                  className={css({ color: 'error.fg', textStyle: 'body.sm' })}
                >
                  {problem(errors[at])}
                </p>
              )}
              {e.kind === 'extra' && (
                <div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => change({ kind: 'extraAdded', index })}
                    data-testid={`hours-date-${index}-add`}
                  >
                    <FormattedMessage id="staff.expert.hours.addRange" />
                  </Button>
                </div>
              )}
            </div>
          );
        })}
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => change({ kind: 'exceptionAdded' })}
            data-testid="hours-date-add"
          >
            <FormattedMessage id="staff.expert.hours.addDate" />
          </Button>
        </div>
      </div>
    </section>
  );
}
