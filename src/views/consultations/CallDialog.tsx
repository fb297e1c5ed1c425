import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { JoinInfo } from '../../../contract/consultations';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { InfoIcon } from '../../theme/icons';
import { ConsultationsFlow } from './flow';

/** The call: the Jitsi room in a dialog (camera and microphone allowed for it), or in a new tab. */
export function CallDialog() {
  const intl = useIntl();
  const send = useFlowSend(ConsultationsFlow);
  const open = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:join'));
  const busy = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:busy'));
  const failed = useFlowSelect(ConsultationsFlow, (s) => s.hasTag('dialog:failed'));
  const error = useFlowSelect(ConsultationsFlow, (s) => s.context.dialogError);
  const join = useFlowSelect(ConsultationsFlow, (s) => s.context.join);
  const close = () => send({ type: 'consultations.close' });
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content
          data-testid="call-dialog"
          className={css({ width: { base: 'calc(100vw - 1rem)', md: '4xl' }, maxWidth: '4xl' })}
        >
          <Dialog.Title>
            <FormattedMessage id="consultations.call.title" />
          </Dialog.Title>
          <Dialog.Description>
            <FormattedMessage
              id={join?.mode === 'voice' ? 'consultations.call.voice' : 'consultations.call.video'}
            />
          </Dialog.Description>
          <div className={css({ display: 'grid', gap: '3', my: '4' })}>
            {busy && (
              <LoadingState label={<FormattedMessage id="consultations.call.opening" />}>
                <Skeleton className={css({ height: '64' })} />
              </LoadingState>
            )}
            {failed && (
              <Notice
                data-testid="call-error"
                title={intl.formatMessage({
                  id:
                    error?.code === 'NOT_YET_OPEN'
                      ? 'consultations.call.notYet'
                      : error?.code === 'ENDED'
                        ? 'consultations.call.ended'
                        : 'consultations.call.error',
                })}
                actions={
                  <RetryButton
                    labelId="consultations.retry"
                    onClick={() => send({ type: 'consultations.dialogRetry' })}
                  />
                }
              />
            )}
            {join && (
              <CallRoom
                join={join}
                frameTitle={intl.formatMessage({ id: 'consultations.call.frame' })}
                who={<FormattedMessage id="consultations.call.alias" values={{ alias: join.displayName }} />}
                newTab={<FormattedMessage id="consultations.call.newTab" />}
              />
            )}
          </div>
          <Dialog.Footer>
            <Button type="button" variant="outline" onClick={close} data-testid="call-close">
              <FormattedMessage id="consultations.call.leave" />
            </Button>
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

/**
 * The room itself, in the same window for the member and for the expert (issue 26): the Jitsi frame
 * (camera and microphone allowed for it), then who she is in the call and a link to open it in a tab.
 * The words come from the screen's own bundle.
 */
export function CallRoom(props: { join: JoinInfo; frameTitle: string; who: ReactNode; newTab: ReactNode }) {
  return (
    <>
      <iframe
        src={props.join.url}
        title={props.frameTitle}
        allow="camera; microphone"
        data-testid="call-frame"
        className={css({
          width: 'full',
          height: { base: '60vh', md: '70vh' },
          border: '0',
          borderRadius: 'lg',
          bg: 'black',
        })}
      />
      <p className={css({ display: 'flex', gap: '2', textStyle: 'body.sm', color: 'fg.muted' })}>
        <InfoIcon aria-hidden="true" className={css({ boxSize: '4', flexShrink: '0', mt: '0.5' })} />
        <span>
          {props.who}{' '}
          <a
            href={props.join.url}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="call-new-tab"
            className={css({ color: 'accent.fg', textDecoration: 'underline' })}
          >
            {props.newTab}
          </a>
        </span>
      </p>
    </>
  );
}
