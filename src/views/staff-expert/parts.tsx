import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AppError } from '../../../machines/types';
import { css } from '../../../styled-system/css';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { errorMessage } from '../messages';
import { useDocumentTitle } from '../useDocumentTitle';

/** The page's heading (and the tab's title) in the expert portal. */
export function PageTitle({ id }: { id: string }) {
  useDocumentTitle(id);
  return (
    <h1 className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
      <FormattedMessage id={id} />
    </h1>
  );
}

/** A date and time in her zone: "Mon 7 Dec, 10:30" (Arabic words on an Arabic page). */
export function useZonedTime(timeZone: string) {
  const intl = useIntl();
  return (iso: string) =>
    intl.formatDate(iso, {
      timeZone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
}

/** A small mark beside a row's title ("Medical", "No-show"). */
export function Mark({
  tone,
  children,
  testId,
}: {
  tone: 'accent' | 'muted';
  children: ReactNode;
  testId?: string;
}) {
  return (
    <span
      data-testid={testId}
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        px: '2',
        py: '0.5',
        borderRadius: 'full',
        fontSize: 'xs',
        fontWeight: '600',
        borderWidth: '1px',
        borderColor: tone === 'accent' ? 'accent.default' : 'border.default',
        color: tone === 'accent' ? 'accent.fg' : 'fg.muted',
      })}
    >
      {children}
    </span>
  );
}

/**
 * The end of a portal form (her hours, her profile): how the last try ended (failed and why, fields
 * to fix, or done), then the submit button, busy while the machine works. Test ids: `<name>-error`,
 * `<name>-invalid`, `testIds.done`, `testIds.submit`.
 */
export function FormEnd(props: {
  name: string;
  ended: 'failed' | 'invalid' | 'done' | null;
  error: AppError | null;
  busy: boolean;
  ids: { failed: string; invalid: string; done: string; submit: string };
  testIds: { done: string; submit: string };
}) {
  const intl = useIntl();
  return (
    <>
      {props.ended === 'failed' && props.error && (
        <Notice
          data-testid={`${props.name}-error`}
          title={<FormattedMessage id={props.ids.failed} />}
          description={errorMessage(intl, props.error, 'staff.expert.tryLater')}
        />
      )}
      {props.ended === 'invalid' && (
        <Notice data-testid={`${props.name}-invalid`} title={<FormattedMessage id={props.ids.invalid} />} />
      )}
      {props.ended === 'done' && (
        <Notice
          status="success"
          data-testid={props.testIds.done}
          title={<FormattedMessage id={props.ids.done} />}
        />
      )}
      <div>
        <Button type="submit" loading={props.busy} data-testid={props.testIds.submit}>
          <FormattedMessage id={props.ids.submit} />
        </Button>
      </div>
    </>
  );
}
