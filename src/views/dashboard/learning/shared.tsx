import { useActorRef } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { type LearningList, myLearningMachine } from '../../../../machines/myLearning';
import { css, cx } from '../../../../styled-system/css';
import { loadList, saveReview } from '../../../api/learning';
import { type ScreenOverrides, useScreenOverrides, useSession } from '../../../app/actors';
import { createFlow, useFlowSend, useFlowStep } from '../../../app/flow';
import { useLocaleChange } from '../../../app/useLocaleChange';
import { EmptyState } from '../../../components/empty-state';
import { LinkButton } from '../../../components/link-button';
import { LoadingState } from '../../../components/loading-state';
import { Notice, RetryButton } from '../../../components/notice';
import { panel } from '../../../components/panel';
import { Skeleton } from '../../../components/skeleton';
import { useBackOnline, useQueueEmptied } from '../../learn/offline';

/** A learning page's actor, which its parts reach through `useFlowSelect` / `useFlowSend`. */
export const MyLearningFlow = createFlow<typeof myLearningMachine>('MyLearningFlow');

function createLogic(overrides: ScreenOverrides['myLearning']) {
  const real = myLearningMachine.provide({ actors: { loadList, saveReview } });
  return overrides ? real.provide(overrides) : real;
}

/**
 * A learning page: its own actor for one of her lists (fetched again when the language changes:
 * titles come in the request's language; and when it may have changed elsewhere: the connection
 * is back, or what she did offline has been sent), provided to the page's parts.
 */
export function MyLearningScreen({ list, children }: { list: LearningList; children: ReactNode }) {
  const userId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.myLearning));
  const actor = useActorRef(logic, { input: { list, userId }, inspect: overrides.inspect });
  const refresh = () => actor.send({ type: 'myLearning.refresh' });
  useLocaleChange(refresh);
  useBackOnline(refresh);
  useQueueEmptied(refresh);
  return <MyLearningFlow.Provider value={actor}>{children}</MyLearningFlow.Provider>;
}

const LIST_STATES = ['loading', 'failed', 'empty', 'ready'] as const;

/** One entry of a list (a course, a score, a review): a raised panel, its parts in a column. */
export const rowPanel = cx(
  panel({ raised: true }),
  css({ display: 'flex', flexDirection: 'column', gap: '4' }),
);

/** An entry's top: its title (an h3) and a line under it, with a badge or a button at the end. */
export function RowHeader(props: { title: ReactNode; titleId?: string; below: ReactNode; end: ReactNode }) {
  return (
    <div
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        gap: '2',
      })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
        <h3 id={props.titleId} className={css({ textStyle: 'heading.sm' })}>
          {props.title}
        </h3>
        {props.below}
      </div>
      {props.end}
    </div>
  );
}

/**
 * What every learning page shows around its list: a heading, then skeletons while loading, a kind
 * error with a retry, the empty state (with "Browse courses"), or the list. `messages` names the
 * page's messages: `learning.<messages>.heading`, `.loading`, `.error`, `.empty.title`, `.empty.body`.
 */
export function ListFrame(props: {
  testId: string;
  messages: 'myCourses' | 'scores' | 'reviews';
  emptyIcon: ReactNode;
  /** The entries (list items). */
  children: ReactNode;
}) {
  const send = useFlowSend(MyLearningFlow);
  const messages = `learning.${props.messages}`;
  const state = useFlowStep(MyLearningFlow, LIST_STATES, 'ready');
  return (
    <section
      aria-labelledby={`${props.testId}-heading`}
      aria-busy={state === 'loading'}
      data-testid={props.testId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <h2 id={`${props.testId}-heading`} className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
        <FormattedMessage id={`${messages}.heading`} />
      </h2>
      {state === 'loading' && (
        <LoadingState
          label={<FormattedMessage id={`${messages}.loading`} />}
          data-testid="list-loading"
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          {[0, 1].map((i) => (
            <div key={i} className={panel({ raised: true })}>
              <Skeleton className={css({ height: '5', width: '1/2', mb: '3' })} />
              <Skeleton className={css({ height: '3', width: 'full', mb: '2' })} />
              <Skeleton className={css({ height: '3', width: '2/3' })} />
            </div>
          ))}
        </LoadingState>
      )}
      {state === 'failed' && (
        <Notice
          data-testid="list-error"
          title={<FormattedMessage id={`${messages}.error`} />}
          actions={<RetryButton onClick={() => send({ type: 'myLearning.retry' })} />}
        />
      )}
      {state === 'empty' && (
        <div className={panel({ raised: true })} data-testid="list-empty">
          <EmptyState
            icon={props.emptyIcon}
            title={<FormattedMessage id={`${messages}.empty.title`} />}
            titleAs="h3"
            description={<FormattedMessage id={`${messages}.empty.body`} />}
            action={
              <LinkButton href="/courses">
                <FormattedMessage id="learning.common.browseCourses" />
              </LinkButton>
            }
          />
        </div>
      )}
      {state === 'ready' && <ul className={css({ display: 'grid', gap: '4' })}>{props.children}</ul>}
    </section>
  );
}
