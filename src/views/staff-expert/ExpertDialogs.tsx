import { FormattedMessage, useIntl } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { Notice } from '../../components/notice';
import { ExpertDayFlow } from './flow';

/** A dialog's failure as a message id: what the server said of the booking, else the dialog's own words. */
export function dialogFailure(error: AppError, fallback: string): string {
  switch (error.code) {
    case 'NOT_YET_OPEN':
      return 'staff.expert.call.notYet';
    case 'ENDED':
      return 'staff.expert.call.ended';
    case 'NO_SHOW_TOO_EARLY':
      return 'staff.expert.noShow.tooEarly';
    case 'NETWORK_ERROR':
      return 'staff.expert.network';
    default:
      return fallback;
  }
}

/** The dialog's busy, failed and error, for the details and no-show dialogs. */
function useDialog(tag: 'dialog:details' | 'dialog:noShow') {
  return {
    open: useFlowSelect(ExpertDayFlow, (s) => s.hasTag(tag)),
    busy: useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:busy')),
    failed: useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:failed')),
    error: useFlowSelect(ExpertDayFlow, (s) => s.context.dialogError),
  };
}

/**
 * A medical booking's sealed details: first the warning that opening them is recorded, then her
 * first and last name and date of birth. Closing forgets them (the machine drops them).
 */
export function DetailsDialog() {
  const intl = useIntl();
  const send = useFlowSend(ExpertDayFlow);
  const d = useDialog('dialog:details');
  const details = useFlowSelect(ExpertDayFlow, (s) => s.context.details);
  const notice = useFlowSelect(ExpertDayFlow, (s) => s.hasTag('dialog:notice'));
  const close = () => send({ type: 'expertDay.close' });
  const retry = d.failed;
  return (
    <AlertDialog
      open={d.open}
      busy={d.busy}
      onClose={close}
      testId="expert-details-dialog"
      title={<FormattedMessage id="staff.expert.details.title" />}
      description={<FormattedMessage id="staff.expert.details.recorded" />}
      body={
        <div className={css({ display: 'grid', gap: '3', my: '3' })}>
          {d.failed && d.error && (
            <Notice
              data-testid="expert-details-error"
              title={intl.formatMessage({ id: dialogFailure(d.error, 'staff.expert.details.error') })}
            />
          )}
          {details && (
            <dl
              data-testid="expert-details"
              className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2', columnGap: '4' })}
            >
              <dt className={css({ color: 'fg.muted' })}>
                <FormattedMessage id="staff.expert.details.firstName" />
              </dt>
              <dd data-testid="expert-details-first">{details.firstName}</dd>
              <dt className={css({ color: 'fg.muted' })}>
                <FormattedMessage id="staff.expert.details.lastName" />
              </dt>
              <dd data-testid="expert-details-last">{details.lastName}</dd>
              <dt className={css({ color: 'fg.muted' })}>
                <FormattedMessage id="staff.expert.details.dateOfBirth" />
              </dt>
              <dd data-testid="expert-details-birth">
                <time dateTime={details.dateOfBirth}>
                  {intl.formatDate(details.dateOfBirth, { dateStyle: 'long', timeZone: 'UTC' })}
                </time>
              </dd>
            </dl>
          )}
        </div>
      }
    >
      {(notice || retry) && (
        <Button
          type="button"
          onClick={() => send({ type: notice ? 'expertDay.confirmDetails' : 'expertDay.dialogRetry' })}
          data-testid="expert-details-open"
        >
          <FormattedMessage id={notice ? 'staff.expert.details.open' : 'staff.expert.retry'} />
        </Button>
      )}
      <Dialog.ActionTrigger asChild>
        <Button type="button" variant="outline" disabled={d.busy} data-testid="expert-details-close">
          <FormattedMessage id={details ? 'staff.expert.close' : 'staff.expert.cancel'} />
        </Button>
      </Dialog.ActionTrigger>
    </AlertDialog>
  );
}

/** "Mark the member absent?": after the start of a confirmed call; confirm or keep. */
export function NoShowDialog() {
  const intl = useIntl();
  const send = useFlowSend(ExpertDayFlow);
  const d = useDialog('dialog:noShow');
  return (
    <AlertDialog
      open={d.open}
      busy={d.busy}
      onClose={() => send({ type: 'expertDay.close' })}
      testId="expert-no-show-dialog"
      title={<FormattedMessage id="staff.expert.noShow.title" />}
      description={<FormattedMessage id="staff.expert.noShow.body" />}
      body={
        d.failed && d.error ? (
          <Notice
            data-testid="expert-no-show-error"
            title={intl.formatMessage({ id: dialogFailure(d.error, 'staff.expert.noShow.error') })}
          />
        ) : undefined
      }
    >
      <Button
        type="button"
        loading={d.busy}
        onClick={() => send({ type: d.failed ? 'expertDay.dialogRetry' : 'expertDay.confirmNoShow' })}
        data-testid="expert-no-show-confirm"
      >
        <FormattedMessage id={d.failed ? 'staff.expert.retry' : 'staff.expert.noShow.confirm'} />
      </Button>
      <Dialog.ActionTrigger asChild>
        <Button type="button" variant="outline" disabled={d.busy} data-testid="expert-no-show-keep">
          <FormattedMessage id="staff.expert.cancel" />
        </Button>
      </Dialog.ActionTrigger>
    </AlertDialog>
  );
}
