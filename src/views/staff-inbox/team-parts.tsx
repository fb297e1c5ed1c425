import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, type IntlShape } from 'react-intl';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import { css } from '../../../styled-system/css';
import { useScreenOverrides } from '../../app/actors';
import { Button } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';

/**
 * What the team inbox's and the admin pages' screens share (issue 26): each makes its machine's
 * actor once, with the real API actors provided (src/api/staff-team.ts) and the tests' inspector;
 * their titles, loading rows, a failed load with its retry, and "Load more".
 */
export function useTeamActor<M extends AnyStateMachine>(
  make: () => M,
  input?: InputFrom<M>,
): ActorRefFrom<M> {
  const overrides = useScreenOverrides();
  const [logic] = useState(make);
  return useActorRef(logic as AnyStateMachine, { input, inspect: overrides.inspect }) as ActorRefFrom<M>;
}

/** A staff moment: date and time in her language. */
export const formatWhen = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

export const pageStack = css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' });
export const pageH1 = css({ textStyle: 'heading.lg', color: 'accent.fg', outline: 'none' });
export const muted = css({ color: 'fg.muted', textStyle: 'body.sm' });
export const rowList = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' });

export function TeamHeader({
  titleId,
  introId,
  children,
}: {
  titleId: string;
  introId?: string;
  children?: ReactNode;
}) {
  return (
    <header className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <h1 className={pageH1}>
        <FormattedMessage id={titleId} />
      </h1>
      {introId && (
        <p className={css({ color: 'fg.muted', maxWidth: '3xl' })}>
          <FormattedMessage id={introId} />
        </p>
      )}
      {children}
    </header>
  );
}

export function TeamLoading({ labelId, testId }: { labelId: string; testId: string }) {
  return (
    <LoadingState
      label={<FormattedMessage id={labelId} />}
      data-testid={testId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className={css({ height: '16', width: 'full', borderRadius: 'lg' })} />
      ))}
    </LoadingState>
  );
}

/** A list with nothing in it: what is empty, and why. */
export function TeamEmpty({ titleId, bodyId, testId }: { titleId: string; bodyId: string; testId: string }) {
  return (
    <div className={panel()} data-testid={testId}>
      <EmptyState title={<FormattedMessage id={titleId} />} description={<FormattedMessage id={bodyId} />} />
    </div>
  );
}

/** A load that failed: what, and a retry (`retryId` in the screen's bundle). */
export function TeamFailed({
  titleId,
  testId,
  onRetry,
  retryId = 'staff.admin.retry',
  description,
}: {
  titleId: string;
  testId: string;
  onRetry: () => void;
  retryId?: string;
  description?: ReactNode;
}) {
  return (
    <Notice
      data-testid={testId}
      title={<FormattedMessage id={titleId} />}
      description={description}
      actions={
        <Button type="button" size="sm" variant="outline" onClick={onRetry}>
          <FormattedMessage id={retryId} />
        </Button>
      }
    />
  );
}

/** "Load more" under a list read a page at a time; its failure keeps the rows and offers it again. */
export function LoadMore({
  busy,
  failed,
  failedId,
  onMore,
  labelId,
}: {
  busy: boolean;
  failed: boolean;
  failedId: string;
  onMore: () => void;
  labelId: string;
}) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3' })}>
      {failed && <Notice data-testid="load-more-error" title={<FormattedMessage id={failedId} />} />}
      <Button type="button" variant="outline" loading={busy} onClick={onMore} data-testid="load-more">
        <FormattedMessage id={labelId} />
      </Button>
    </div>
  );
}
