import { useIntl } from 'react-intl';
import { CIRCLE_LIMITS } from '../../../contract/circle';
import type { Decision } from '../../../machines/moderationQueue';
import { SUSPEND_DAYS } from '../../../machines/moderationQueue-rules';
import { css } from '../../../styled-system/css';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import { SelectField, TextField } from '../../components/form-fields';

/**
 * A moderator's decision that needs words (issue 27): remove (the author reads the reason), warn
 * (the author reads the message), suspend (a reason and the days). The machine holds the words and
 * their problem; this only shows them (Ark Dialog, Ark Select for the days).
 */
export function DecisionDialog({
  decision,
  busy,
  onReason,
  onDays,
  onConfirm,
  onCancel,
}: {
  decision: Decision;
  busy: boolean;
  onReason: (value: string) => void;
  onDays: (days: number) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const at = `staff.circle.dialog.${decision.kind}`;
  const testId = `decision-dialog-${decision.kind}`;
  const problem = decision.problem
    ? t(`staff.circle.problem.${decision.problem}`, {
        min: CIRCLE_LIMITS.moderationReasonMin,
        max: CIRCLE_LIMITS.moderationReasonMax,
      })
    : undefined;
  return (
    <AlertDialog
      onClose={onCancel}
      title={t(`${at}.title`)}
      description={t(`${at}.body`)}
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
          {decision.kind === 'suspend' && (
            <SelectField
              name="days"
              label={t('staff.circle.dialog.days')}
              required
              placeholder={t('staff.circle.dialog.days')}
              value={String(decision.days)}
              error={decision.problem === 'DAYS' ? problem : undefined}
              onChange={(v) => onDays(Number(v))}
              options={SUSPEND_DAYS.map((d) => ({
                value: String(d),
                label: t('staff.circle.dialog.daysOption', { count: d }),
              }))}
            />
          )}
          <TextField
            name="reason"
            label={t(`${at}.label`)}
            required
            multiline
            rows={4}
            dir="auto"
            value={decision.reason}
            maxLength={CIRCLE_LIMITS.moderationReasonMax * 2}
            error={decision.problem && decision.problem !== 'DAYS' ? problem : undefined}
            onChange={onReason}
          />
        </form>
      }
    >
      <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
        {t('staff.circle.dialog.cancel')}
      </Button>
      <Button type="submit" form={`${testId}-form`} loading={busy} data-testid={`${testId}-confirm`}>
        {t(`${at}.confirm`)}
      </Button>
    </AlertDialog>
  );
}
