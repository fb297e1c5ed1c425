import { FormattedMessage, useIntl } from 'react-intl';
import { DELETE_CONFIRMATION } from '../../../contract/account-settings-rules';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import * as Field from '../../components/field';
import { Notice } from '../../components/notice';
import { errorMessage, fieldMessage } from '../messages';
import { DeleteFlow } from './account-actors';
import { CurrentPinField } from './CurrentPinField';

/**
 * The dialog that deletes her account (Ark Dialog, role alertdialog): her current PIN and the word
 * to type, in the page's language (either language's word is accepted). Closing it forgets both;
 * while the server deletes, it stays open and cannot be closed.
 */
export function DeleteDialog() {
  const intl = useIntl();
  const send = useFlowSend(DeleteFlow);
  const open = useFlowSelect(DeleteFlow, (s) => s.hasTag('step:dialog'));
  const busy = useFlowSelect(DeleteFlow, (s) => s.hasTag('busy'));
  const c = useFlowSelect(DeleteFlow, (s) => s.context);
  const word = intl.locale.startsWith('ar') ? DELETE_CONFIRMATION.ar : DELETE_CONFIRMATION.en;
  const close = () => send({ type: 'delete.close' });
  const typed = (
    <bdi dir="auto" className={css({ fontWeight: 'extrabold', color: 'error.fg' })}>
      {word}
    </bdi>
  );
  return (
    <AlertDialog
      open={open}
      busy={busy}
      onClose={close}
      testId="delete-dialog"
      title={<FormattedMessage id="settings.delete.dialogTitle" />}
      description={<FormattedMessage id="settings.delete.dialogBody" />}
      body={
        <>
          <form
            noValidate
            id="delete-form"
            className={css({ display: 'grid', gap: '4', my: '4' })}
            onSubmit={(e) => {
              e.preventDefault();
              if (!busy) send({ type: 'delete.submit' });
            }}
          >
            {c.error && !busy && <Notice data-testid="delete-error" title={errorMessage(intl, c.error)} />}
            <CurrentPinField
              name="delete-pin"
              value={c.currentPin}
              error={c.fieldErrors.currentPin}
              disabled={busy}
              onChange={(value) => send({ type: 'delete.pinChanged', value })}
            />
            <Field.Root invalid={!!c.fieldErrors.confirmation} required disabled={busy}>
              <Field.Label>
                <FormattedMessage id="settings.delete.typeLabel" values={{ word: typed }} />
              </Field.Label>
              <Field.Input
                name="delete-confirmation"
                data-testid="delete-confirmation-input"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={c.confirmation}
                onChange={(e) => send({ type: 'delete.confirmationChanged', value: e.target.value })}
              />
              <Field.ErrorText>
                {c.fieldErrors.confirmation === 'CONFIRMATION_MISMATCH' ? (
                  <FormattedMessage id="settings.delete.mismatch" values={{ word }} />
                ) : (
                  fieldMessage(intl, c.fieldErrors.confirmation)
                )}
              </Field.ErrorText>
            </Field.Root>
          </form>
          <p role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {busy ? <FormattedMessage id="settings.delete.deleting" /> : null}
          </p>
        </>
      }
    >
      <Button type="button" variant="outline" disabled={busy} onClick={close} data-testid="delete-cancel">
        <FormattedMessage id="settings.delete.keep" />
      </Button>
      <Button type="submit" form="delete-form" variant="danger" loading={busy} data-testid="delete-confirm">
        <FormattedMessage id="settings.delete.confirm" />
      </Button>
    </AlertDialog>
  );
}
