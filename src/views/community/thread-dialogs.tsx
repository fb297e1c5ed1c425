import { FormattedMessage, useIntl } from 'react-intl';
import { CIRCLE_LIMITS, REPORT_REASONS, type ReportReason } from '../../../contract/circle';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import * as Field from '../../components/field';
import { Notice } from '../../components/notice';
import * as RadioGroup from '../../components/radio-group';
import { ThreadFlow } from './ThreadPost';

/**
 * The thread's two dialogs (issue 27): reporting a post (a reason, an optional note; then thanks,
 * "already reported" or a failure to send again) and deleting her own post (confirm first).
 */
export function ReportDialog() {
  const intl = useIntl();
  const send = useFlowSend(ThreadFlow);
  const report = useFlowSelect(ThreadFlow, (s) => s.context.report);
  const step = useFlowSelect(ThreadFlow, (s) =>
    (['open', 'sending', 'sent', 'alreadyReported', 'failed'] as const).find((k) =>
      s.matches({ ready: { report: k } }),
    ),
  );
  const busy = step === 'sending';
  const done = step === 'sent' || step === 'alreadyReported';
  const close = () => send({ type: 'circleThread.report.close' });
  return (
    <Dialog.Root open={!!step} onOpenChange={(e) => !e.open && !busy && close()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="circle-report-dialog">
          <Dialog.Title>
            <FormattedMessage id="community.report.title" />
          </Dialog.Title>
          {done ? (
            <Dialog.Description data-testid="circle-report-done">
              <FormattedMessage id={step === 'sent' ? 'community.report.sent' : 'community.report.already'} />
            </Dialog.Description>
          ) : (
            <>
              <Dialog.Description>
                <FormattedMessage id="community.report.intro" />
              </Dialog.Description>
              <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', mt: '4' })}>
                <RadioGroup.Root
                  value={report?.reason ?? null}
                  disabled={busy}
                  onValueChange={(e) =>
                    e.value && send({ type: 'circleThread.report.reason', reason: e.value as ReportReason })
                  }
                  data-testid="circle-report-reasons"
                >
                  <RadioGroup.Label>
                    <FormattedMessage id="community.report.reason" />
                  </RadioGroup.Label>
                  {REPORT_REASONS.map((reason) => (
                    <RadioGroup.Item key={reason} value={reason} className={css({ minHeight: '11' })}>
                      <RadioGroup.ItemControl />
                      <RadioGroup.ItemText>
                        <FormattedMessage id={`community.report.reasons.${reason}`} />
                      </RadioGroup.ItemText>
                      <RadioGroup.ItemHiddenInput />
                    </RadioGroup.Item>
                  ))}
                </RadioGroup.Root>
                <Field.Root disabled={busy}>
                  <Field.Label>
                    <FormattedMessage id="community.report.note" />
                  </Field.Label>
                  <Field.Textarea
                    dir="auto"
                    rows={3}
                    maxLength={CIRCLE_LIMITS.reportNoteMax}
                    value={report?.note ?? ''}
                    onChange={(e) => send({ type: 'circleThread.report.note', value: e.target.value })}
                    data-testid="circle-report-note"
                  />
                </Field.Root>
                {step === 'failed' && (
                  <Notice
                    data-testid="circle-report-error"
                    title={<FormattedMessage id="community.report.failed" />}
                  />
                )}
              </div>
            </>
          )}
          <Dialog.Footer>
            {done ? (
              <Button type="button" onClick={close} data-testid="circle-report-close">
                <FormattedMessage id="community.close" />
              </Button>
            ) : (
              <>
                <Button type="button" variant="outline" disabled={busy} onClick={close}>
                  <FormattedMessage id="community.cancel" />
                </Button>
                <Button
                  type="button"
                  loading={busy}
                  disabled={!report?.reason}
                  onClick={() => send({ type: 'circleThread.report.send' })}
                  data-testid="circle-report-send"
                >
                  <FormattedMessage id="community.report.send" />
                </Button>
              </>
            )}
          </Dialog.Footer>
          {!busy && <Dialog.CloseTrigger aria-label={intl.formatMessage({ id: 'community.close' })} />}
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

export function DeleteDialog() {
  const send = useFlowSend(ThreadFlow);
  const open = useFlowSelect(
    ThreadFlow,
    (s) => !s.matches({ ready: { remove: 'closed' } }) && s.matches('ready'),
  );
  const busy = useFlowSelect(ThreadFlow, (s) => s.hasTag('delete:busy'));
  const failed = useFlowSelect(ThreadFlow, (s) => s.matches({ ready: { remove: 'failed' } }));
  const opening = useFlowSelect(
    ThreadFlow,
    (s) => s.context.removing?.postId === s.context.thread?.opening.id,
  );
  return (
    <AlertDialog
      open={open}
      busy={busy}
      testId="circle-delete-dialog"
      onClose={() => send({ type: 'circleThread.delete.cancel' })}
      title={<FormattedMessage id="community.delete.title" />}
      description={
        <FormattedMessage id={opening ? 'community.delete.bodyThread' : 'community.delete.body'} />
      }
      body={
        failed ? (
          <Notice
            data-testid="circle-delete-error"
            title={<FormattedMessage id="community.delete.failed" />}
          />
        ) : undefined
      }
    >
      <Button
        type="button"
        variant="outline"
        disabled={busy}
        onClick={() => send({ type: 'circleThread.delete.cancel' })}
      >
        <FormattedMessage id="community.delete.keep" />
      </Button>
      <Button
        type="button"
        loading={busy}
        onClick={() => send({ type: 'circleThread.delete.confirm' })}
        data-testid="circle-delete-confirm"
      >
        <FormattedMessage id="community.delete.confirm" />
      </Button>
    </AlertDialog>
  );
}
