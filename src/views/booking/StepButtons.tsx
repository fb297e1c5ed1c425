import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { BookingFlow } from './flow';

export interface StepButtonsProps {
  submitId?: string;
  submitLabel?: string;
  /** The card payment's state on the pay step (nothing is under way on her details). */
  busy?: boolean;
  locked?: boolean;
  interrupted?: boolean;
}

/** Back (gives the time up, while it is hers) and the step's main action. */
export function StepButtons({
  submitId,
  submitLabel,
  busy = false,
  locked = false,
  interrupted = false,
}: StepButtonsProps) {
  const send = useFlowSend(BookingFlow);
  const held = useFlowSelect(BookingFlow, (s) => s.hasTag('held'));
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: { base: 'column-reverse', sm: 'row' },
        justifyContent: 'space-between',
        gap: '3',
      })}
    >
      <Button
        type="button"
        variant="ghost"
        disabled={!held || locked}
        onClick={() => send({ type: 'booking.release' })}
        data-testid="booking-release"
      >
        <FormattedMessage id="booking.release" />
      </Button>
      {!interrupted && (
        <Button type="submit" loading={busy} disabled={locked && !busy} data-testid="booking-submit">
          {submitLabel ?? (submitId ? <FormattedMessage id={submitId} /> : null)}
        </Button>
      )}
    </div>
  );
}
