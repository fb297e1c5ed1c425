import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import * as Checkbox from '../../components/checkbox';
import { Notice } from '../../components/notice';
import { NewPinFields } from '../auth/NewPinFields';
import { fieldMessage } from '../messages';
import { PinFlow, usePinActor } from './actors';
import { CurrentPinField } from './CurrentPinField';
import { SectionForm } from './SectionForm';
import { SectionFrame } from './SectionFrame';

const STEPS = ['editing', 'changing', 'changed', 'failed'] as const;

/** PIN: the current one, a new one under the contract's rules, and "Sign out my other devices". */
export function PinSection() {
  const actor = usePinActor();
  return (
    <PinFlow.Provider value={actor}>
      <SectionFrame
        name="pin"
        title={<FormattedMessage id="settings.pin.title" />}
        intro={<FormattedMessage id="settings.pin.intro" />}
      >
        <PinForm />
      </SectionFrame>
    </PinFlow.Provider>
  );
}

function PinForm() {
  const intl = useIntl();
  const send = useFlowSend(PinFlow);
  const step = useFlowStep(PinFlow, STEPS, 'editing');
  const c = useFlowSelect(PinFlow, (s) => s.context);
  const busy = step === 'changing';
  return (
    <SectionForm
      name="pin"
      busy={busy}
      onSubmit={() => send({ type: 'pin.submitted' })}
      failed={step === 'failed' ? c.error : null}
      texts={{
        failed: <FormattedMessage id="settings.pin.failed" />,
        save: <FormattedMessage id="settings.pin.save" />,
      }}
      done={
        step === 'changed' && (
          <Notice
            status="success"
            data-testid="pin-changed"
            title={<FormattedMessage id="settings.pin.changed" />}
            description={
              <FormattedMessage id="settings.pin.signedOut" values={{ count: c.signedOut ?? 0 }} />
            }
          />
        )
      }
      after={
        <p className={css({ srOnly: true })} aria-live="polite">
          {busy ? intl.formatMessage({ id: 'settings.saving' }) : ''}
        </p>
      }
    >
      <CurrentPinField
        name="current-pin"
        value={c.fields.currentPin}
        error={c.fieldErrors.currentPin}
        disabled={busy}
        onChange={(value) => send({ type: 'pin.fieldChanged', field: 'currentPin', value })}
      />
      <NewPinFields
        length={c.fields.pinLength}
        pin={c.fields.pin}
        pinConfirm={c.fields.pinConfirm}
        pinLabel={intl.formatMessage({ id: 'settings.pin.new' })}
        confirmLabel={intl.formatMessage({ id: 'settings.pin.repeat' })}
        pinError={fieldMessage(intl, c.fieldErrors.pin)}
        confirmError={fieldMessage(intl, c.fieldErrors.pinConfirm)}
        testIds={{
          pin: 'settings-new-pin',
          confirm: 'settings-new-pin-confirm',
          visibility: 'settings-pin-visibility',
        }}
        disabled={busy}
        onLengthChange={(value) => send({ type: 'pin.fieldChanged', field: 'pinLength', value })}
        onPinChange={(value) => send({ type: 'pin.fieldChanged', field: 'pin', value })}
        onConfirmChange={(value) => send({ type: 'pin.fieldChanged', field: 'pinConfirm', value })}
      />
      <Checkbox.Root
        checked={c.fields.signOutOthers}
        disabled={busy}
        onCheckedChange={(e) =>
          send({ type: 'pin.fieldChanged', field: 'signOutOthers', value: e.checked === true })
        }
        data-testid="settings-sign-out-others"
      >
        <Checkbox.Control>
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Checkbox.Label>
          <FormattedMessage id="settings.pin.signOutOthers" />
        </Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
    </SectionForm>
  );
}
