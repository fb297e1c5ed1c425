import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-fields';
import { Notice } from '../../components/notice';

/**
 * An admin's confirmation that needs a reason (rejecting a profile change, refunding an order):
 * what happens, the reason (required, `max` characters), the server's refusal if any, and the two
 * buttons. The machine holds the reason and its problem; this only shows them.
 */
export function ReasonDialog({
  testId,
  title,
  description,
  label,
  reason,
  problem,
  max,
  refusal,
  busy,
  confirm,
  onReason,
  onConfirm,
  onCancel,
}: {
  testId: string;
  title: ReactNode;
  description: ReactNode;
  label: string;
  reason: string;
  problem: string | null;
  max: number;
  refusal: string | null;
  busy: boolean;
  confirm: ReactNode;
  onReason: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  return (
    <AlertDialog
      onClose={onCancel}
      title={title}
      description={description}
      testId={testId}
      busy={busy}
      body={
        <form
          id={`${testId}-form`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm();
          }}
          className={css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '4' })}
        >
          <TextField
            name="reason"
            label={label}
            required
            multiline
            rows={3}
            dir="auto"
            value={reason}
            maxLength={max * 2}
            error={problem ? intl.formatMessage({ id: `staff.admin.reason.${problem}` }, { max }) : undefined}
            onChange={onReason}
          />
          {refusal && <Notice data-testid={`${testId}-refused`} title={refusal} />}
        </form>
      }
    >
      <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
        {intl.formatMessage({ id: 'staff.admin.cancel' })}
      </Button>
      <Button type="submit" form={`${testId}-form`} loading={busy} data-testid={`${testId}-confirm`}>
        {confirm}
      </Button>
    </AlertDialog>
  );
}
