import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { HoursRange } from '../../../contract/consultation-rules';
import type { HoursChange } from '../../../machines/expertHours';
import { css } from '../../../styled-system/css';
import { useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import * as Combobox from '../../components/combobox';
import * as Field from '../../components/field';
import { CloseIcon } from '../../theme/icons';
import { fieldMessage } from '../messages';
import { ExpertHoursFlow } from './flow';

export const section = css({ display: 'grid', gap: '3', p: '4' });
export const sectionTitle = css({ textStyle: 'heading.sm' });

/** Sends one change of the form. */
export function useHoursChange() {
  const send = useFlowSend(ExpertHoursFlow);
  return (change: HoursChange) => send({ type: 'hours.changed', change });
}

/** A problem's code as a sentence: the portal's own words, else the app's field messages. */
export function useProblem() {
  const intl = useIntl();
  return (code: string | undefined) => {
    if (!code) return undefined;
    const id = `staff.expert.problem.${code}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : fieldMessage(intl, code);
  };
}

const ZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
})();

/** Her zone, typed or picked from the IANA list (Ark Combobox). */
export function ZoneCombobox(props: {
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (z: string) => void;
}) {
  const intl = useIntl();
  const items = useMemo(() => ZONES.map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const { contains } = Combobox.useFilter({ sensitivity: 'base' });
  const { collection, filter } = Combobox.useListCollection({ initialItems: items, filter: contains });
  return (
    <Field.Root invalid={!!props.error} disabled={props.disabled} className={css({ maxWidth: 'md' })}>
      <Combobox.Root
        collection={collection}
        value={props.value ? [props.value] : []}
        defaultInputValue={props.value.replaceAll('_', ' ')}
        onInputValueChange={(e) => filter(e.inputValue)}
        onValueChange={(e) => e.value[0] && props.onChange(e.value[0])}
        openOnClick
        inputBehavior="autohighlight"
      >
        <Combobox.Label>
          <FormattedMessage id="staff.expert.hours.zone" />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input dir="ltr" autoComplete="off" data-testid="hours-zone" />
          <Combobox.Trigger aria-label={intl.formatMessage({ id: 'staff.expert.hours.zoneOpen' })} />
        </Combobox.Control>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>
              <FormattedMessage id="staff.expert.hours.zoneNone" />
            </Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.value} item={item}>
                <Combobox.ItemText>{item.label}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      <Field.ErrorText data-testid="hours-zone-error">{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

const timeInput = css({ width: '24', textAlign: 'center', fontVariantNumeric: 'tabular-nums' });

/**
 * One range, "from" and "to" as HH:MM inputs (left to right in both languages), its remove button,
 * and its problem under it. `name` labels it for screen readers ("Monday, range 2").
 */
export function RangeRow(props: {
  testId: string;
  name: string;
  range: HoursRange;
  error?: string;
  disabled: boolean;
  onChange: (end: 0 | 1, value: string) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  return (
    <Field.Root invalid={!!props.error} disabled={props.disabled} data-testid={props.testId}>
      <fieldset
        aria-label={props.name}
        className={css({ display: 'flex', gap: '2', alignItems: 'center', border: '0', p: '0', m: '0' })}
      >
        {([0, 1] as const).map((end) => [
          end === 1 && (
            <span key="dash" aria-hidden="true">
              –
            </span>
          ),
          <Field.Input
            key={end}
            dir="ltr"
            inputMode="numeric"
            placeholder="HH:MM"
            maxLength={5}
            className={timeInput}
            value={props.range[end]}
            aria-label={intl.formatMessage({
              id: end === 0 ? 'staff.expert.hours.from' : 'staff.expert.hours.to',
            })}
            onChange={(e) => props.onChange(end, e.currentTarget.value)}
            data-testid={`${props.testId}-${end === 0 ? 'from' : 'to'}`}
          />,
        ])}

        <Button
          type="button"
          size="sm"
          variant="ghost"
          iconOnly
          aria-label={intl.formatMessage({ id: 'staff.expert.hours.removeRange' }, { name: props.name })}
          onClick={props.onRemove}
          disabled={props.disabled}
          data-testid={`${props.testId}-remove`}
        >
          <CloseIcon aria-hidden="true" />
        </Button>
      </fieldset>
      <Field.ErrorText data-testid={`${props.testId}-error`}>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
