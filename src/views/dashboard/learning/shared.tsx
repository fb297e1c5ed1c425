import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { type LearningList, myLearningEvents, myLearningMachine } from '../../../../machines/myLearning';
import { css } from '../../../../styled-system/css';
import { loadList, saveReview } from '../../../api/learning';
import { type ScreenOverrides, useScreenOverrides, useSession } from '../../../app/actors';
import * as Alert from '../../../components/alert';
import { Button, button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';

export type MyLearningActor = ReturnType<typeof useActorRef<typeof myLearningMachine>>;

function createLogic(overrides: ScreenOverrides['myLearning']) {
  const real = myLearningMachine.provide({ actors: { loadList, saveReview } });
  return overrides ? real.provide(overrides) : real;
}

/** The page's own actor for one of her lists, fetched again when the language changes (titles). */
export function useMyLearning(list: LearningList): MyLearningActor {
  const intl = useIntl();
  const userId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.myLearning));
  const actor = useActorRef(logic, { input: { list, userId }, inspect: overrides.inspect });
  const locale = useRef(intl.locale);
  useEffect(() => {
    if (locale.current === intl.locale) return;
    locale.current = intl.locale;
    actor.send(myLearningEvents.retry());
  }, [intl.locale, actor]);
  return actor;
}

export const panel = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'lg',
  boxShadow: 'xs',
  p: { base: '4', md: '6' },
});

/**
 * What every learning page shows around its list: a heading, then skeletons while loading, a kind
 * error with a retry, the empty state, or the list.
 */
export function ListFrame(props: {
  actor: MyLearningActor;
  testId: string;
  headingId: string;
  errorId: string;
  loadingId: string;
  empty: { icon: ReactNode; titleId: string; bodyId: string; browse?: boolean };
  children: ReactNode;
}) {
  const { actor } = props;
  const state = useSelector(actor, (s) =>
    s.hasTag('step:loading')
      ? 'loading'
      : s.hasTag('step:failed')
        ? 'failed'
        : s.hasTag('step:empty')
          ? 'empty'
          : 'ready',
  );
  const intl = useIntl();
  return (
    <section
      aria-labelledby={`${props.testId}-heading`}
      aria-busy={state === 'loading'}
      data-testid={props.testId}
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <h2 id={`${props.testId}-heading`} className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
        <FormattedMessage id={props.headingId} />
      </h2>
      {state === 'loading' && (
        <div
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
          data-testid="list-loading"
        >
          <p role="status" className={css({ srOnly: true })}>
            {intl.formatMessage({ id: props.loadingId })}
          </p>
          {[0, 1].map((i) => (
            <div key={i} className={panel}>
              <Skeleton className={css({ height: '5', width: '1/2', mb: '3' })} />
              <Skeleton className={css({ height: '3', width: 'full', mb: '2' })} />
              <Skeleton className={css({ height: '3', width: '2/3' })} />
            </div>
          ))}
        </div>
      )}
      {state === 'failed' && (
        <Alert.Root status="error" role="alert" data-testid="list-error">
          <Alert.Icon />
          <Alert.Content>
            <Alert.Title>
              <FormattedMessage id={props.errorId} />
            </Alert.Title>
            <div className={css({ mt: '2' })}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => actor.send(myLearningEvents.retry())}
              >
                <FormattedMessage id="learning.common.retry" />
              </Button>
            </div>
          </Alert.Content>
        </Alert.Root>
      )}
      {state === 'empty' && (
        <div className={panel} data-testid="list-empty">
          <EmptyState
            icon={props.empty.icon}
            title={<FormattedMessage id={props.empty.titleId} />}
            titleAs="h3"
            description={<FormattedMessage id={props.empty.bodyId} />}
            action={
              props.empty.browse ? (
                <Link href="/courses" className={button({ variant: 'solid' })}>
                  <FormattedMessage id="learning.common.browseCourses" />
                </Link>
              ) : undefined
            }
          />
        </div>
      )}
      {state === 'ready' && props.children}
    </section>
  );
}
