import { FormattedMessage, useIntl } from 'react-intl';
import type { RecoveryCodeInput } from '../../../machines/recoveryCode';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { errorMessage } from '../messages';
import { CurrentPinField } from './CurrentPinField';
import { RecoveryCodeShown } from './RecoveryCodeShown';
import { RecoveryFlow, useRecoveryCodeActor } from './recovery-actor';
import { actionsRow, formColumn } from './SectionFrame';

/** The recovery code's machine and what it shows; sign-up's last screen offers the same, without a PIN. */
export function RecoveryCodePanel(input: RecoveryCodeInput) {
  const actor = useRecoveryCodeActor(input);
  return (
    <RecoveryFlow.Provider value={actor}>
      <RecoverySteps />
    </RecoveryFlow.Provider>
  );
}

function RecoverySteps() {
  const intl = useIntl();
  const send = useFlowSend(RecoveryFlow);
  const step = useFlowSelect(RecoveryFlow, (s) =>
    s.hasTag('step:code') ? 'code' : s.hasTag('step:pin') ? 'pin' : s.hasTag('busy') ? 'busy' : 'idle',
  );
  const c = useFlowSelect(RecoveryFlow, (s) => s.context);
  if (step === 'code') return <RecoveryCodeShown />;
  const busy = step === 'busy';
  const askingPin = step === 'pin' || (busy && !c.withoutPin);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-step={step}>
      <p data-testid="recovery-status" className={css({ fontSize: 'sm' })}>
        {c.active ? (
          <FormattedMessage
            id={c.createdAt ? 'settings.recovery.activeSince' : 'settings.recovery.active'}
            values={{ date: c.createdAt ? intl.formatDate(c.createdAt, { dateStyle: 'long' }) : '' }}
          />
        ) : (
          <FormattedMessage id="settings.recovery.none" />
        )}
      </p>
      {c.error && !busy && (
        <Notice
          data-testid="recovery-error"
          title={errorMessage(intl, c.error, 'settings.recovery.failed')}
        />
      )}
      {askingPin ? (
        <form
          noValidate
          className={formColumn}
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) send({ type: 'recovery.submit' });
          }}
        >
          {c.active && (
            <Notice
              status="info"
              role="note"
              description={<FormattedMessage id="settings.recovery.replaceWarning" />}
            />
          )}
          <CurrentPinField
            name="recovery-pin"
            value={c.currentPin}
            error={c.fieldErrors.currentPin}
            disabled={busy}
            onChange={(value) => send({ type: 'recovery.pinChanged', value })}
          />
          <div className={actionsRow}>
            <Button type="submit" loading={busy}>
              <FormattedMessage id={c.active ? 'settings.recovery.replace' : 'settings.recovery.create'} />
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => send({ type: 'recovery.cancel' })}
            >
              <FormattedMessage id="common.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        <div className={actionsRow}>
          <Button
            type="button"
            variant={c.active ? 'outline' : 'solid'}
            loading={busy}
            onClick={() => send({ type: 'recovery.start' })}
          >
            <FormattedMessage id={c.active ? 'settings.recovery.replace' : 'settings.recovery.create'} />
          </Button>
        </div>
      )}
    </div>
  );
}
