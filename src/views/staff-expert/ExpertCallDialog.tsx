import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { CallRoom } from '../consultations/CallDialog';
import { dialogFailure } from './ExpertDialogs';
import { ExpertDayFlow } from './flow';

/** Her call: the member's room in a dialog, in the same window, with her name (the member's CallRoom). */
export function ExpertCallDialog() {
  const intl = useIntl();
  const send = useFlowSend(ExpertDayFlow);
  const open = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:join'));
  const busy = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:busy'));
  const failed = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:failed'));
  const error = useFlowSelect(ExpertDayFlow, (s) => s.context.dialogError);
  const join = useFlowSelect(ExpertDayFlow, (s) => s.context.join);
  const close = () => send({ type: 'expertDay.close' });
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && close()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content
          data-testid="expert-call-dialog"
          className={css({ width: { base: 'calc(100vw - 1rem)', md: '4xl' }, maxWidth: '4xl' })}
        >
          <Dialog.Title>
            <FormattedMessage id="staff.expert.call.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id={join?.mode === 'voice' ? 'staff.expert.call.voice' : 'staff.expert.call.video'}
            />
          </Dialog.Description>
          <div className={css({ display: 'grid', gap: '3', my: '4' })}>
            {busy && (
              <LoadingState label={<FormattedMessage id="staff.expert.call.opening" />}>
                <Skeleton className={css({ height: '64' })} />
              </LoadingState>
            )}
            {failed && error && (
              <Notice
                data-testid="expert-call-error"
                title={intl.formatMessage({ id: dialogFailure(error, 'staff.expert.call.error') })}
                actions={
                  <RetryButton
                    labelId="staff.expert.retry"
                    onClick={() => send({ type: 'expertDay.dialogRetry' })}
                  />
                }
              />
            )}
            {join && (
              <CallRoom
                join={join}
                frameTitle={intl.formatMessage({ id: 'staff.expert.call.frame' })}
                who={<FormattedMessage id="staff.expert.call.name" values={{ name: join.displayName }} />}
                newTab={<FormattedMessage id="staff.expert.call.newTab" />}
              />
            )}
          </div>
          <Dialog.Footer>
            <Button
              type="button"
              variant="outline"
              onClick={close}
              disabled={busy}
              data-testid="expert-call-close"
            >
              <FormattedMessage id="staff.expert.call.leave" />
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
