import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
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
