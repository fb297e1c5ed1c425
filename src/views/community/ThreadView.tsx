import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { PostOutcome } from '../../../contract/circle';
import { circleThreadMachine } from '../../../machines/circleThread';
import { css } from '../../../styled-system/css';
import { deletePost, loadThread, reportPost, setHelpful } from '../../api/circle';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { usePageHeader } from '../../app/layouts/DashboardLayout';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { LoadMore } from '../staff-inbox/team-parts';
import { spacePath } from './CircleHomeView';
import { cardList, pageStack, useCircleActor, useNow } from './circle-parts';
import { ReplyComposer } from './composer/ReplyComposer';
import { ThreadFlow, ThreadPost } from './ThreadPost';
import { DeleteDialog, ReportDialog } from './thread-dialogs';

/**
 * A thread of the circle, /dashboard/circle/t/:id (issue 27): its title, the opening post, the
 * replies oldest first ("Load more replies"), and her reply at the bottom; the report and delete
 * dialogs; not found, failed and deleted states.
 */
export default function ThreadView() {
  const { id = '' } = useParams<{ id: string }>();
  return <Thread key={id} id={id} />;
}

function Thread({ id }: { id: string }) {
  const actor = useCircleActor(
    () => circleThreadMachine.provide({ actors: { loadThread, setHelpful, reportPost, deletePost } }),
    { id },
  );
  return (
    <ThreadFlow.Provider value={actor}>
      <ThreadScreen />
      <ReportDialog />
      <DeleteDialog />
    </ThreadFlow.Provider>
  );
}

function ThreadScreen() {
  const intl = useIntl();
  const send = useFlowSend(ThreadFlow);
  const thread = useFlowSelect(ThreadFlow, (s) => s.context.thread);
  const step = useFlowSelect(ThreadFlow, (s) =>
    (['loading', 'notFound', 'failed', 'deleted', 'ready'] as const).find((k) => s.hasTag(`step:${k}`)),
  );
  const more = useFlowSelect(ThreadFlow, (s) => s.hasTag('more'));
  const moreFailed = useFlowSelect(ThreadFlow, (s) => s.hasTag('moreFailed'));
  const now = useNow();
  usePageHeader(
    thread && step === 'ready' ? thread.title : intl.formatMessage({ id: 'community.thread.title' }),
  );
  const back = thread ? spacePath(thread.space.id) : '/dashboard/circle';
  return (
    <section className={pageStack} data-testid="circle-thread-page" aria-busy={step === 'loading'}>
      <Link
        href={back}
        className={css({ color: 'accent.fg', minHeight: '11', display: 'inline-flex', alignItems: 'center' })}
      >
        {thread ? (
          <FormattedMessage id="community.backToSpace" values={{ space: thread.space.title }} />
        ) : (
          <FormattedMessage id="community.backToCircle" />
        )}
      </Link>
      {step === 'loading' && (
        <LoadingState
          label={<FormattedMessage id="community.thread.loading" />}
          data-testid="circle-thread-loading"
        >
          <div className={css({ display: 'grid', gap: '3' })}>
            <Skeleton className={css({ height: '32' })} />
            <Skeleton className={css({ height: '20' })} />
          </div>
        </LoadingState>
      )}
      {step === 'failed' && (
        <Notice
          data-testid="circle-thread-error"
          title={<FormattedMessage id="community.thread.failed" />}
          actions={
            <RetryButton labelId="community.retry" onClick={() => send({ type: 'circleThread.retry' })} />
          }
        />
      )}
      {step === 'notFound' && (
        <div className={panel()} data-testid="circle-thread-missing">
          <EmptyState
            title={<FormattedMessage id="community.thread.missing.title" />}
            description={<FormattedMessage id="community.thread.missing.body" />}
            action={
              <LinkButton href="/dashboard/circle">
                <FormattedMessage id="community.backToCircle" />
              </LinkButton>
            }
          />
        </div>
      )}
      {step === 'deleted' && (
        <Notice
          status="success"
          data-testid="circle-thread-deleted"
          title={<FormattedMessage id="community.thread.deleted" />}
          actions={
            <LinkButton href={back} size="sm" variant="outline">
              <FormattedMessage id="community.backToSpace" values={{ space: thread?.space.title ?? '' }} />
            </LinkButton>
          }
        />
      )}
      {step === 'ready' && thread && (
        <>
          <ThreadPost post={thread.opening} now={now} opening />
          <h2 className={css({ textStyle: 'heading.sm' })} data-testid="circle-reply-count">
            <FormattedMessage id="community.thread.replies" values={{ count: thread.replyCount }} />
          </h2>
          {thread.replies.length > 0 && (
            <ol className={cardList} aria-label={intl.formatMessage({ id: 'community.thread.repliesList' })}>
              {thread.replies.map((reply) => (
                <li key={reply.id}>
                  <ThreadPost post={reply} now={now} />
                </li>
              ))}
            </ol>
          )}
          {(thread.nextCursor || moreFailed) && (
            <LoadMore
              busy={more}
              failed={moreFailed}
              failedId="community.thread.moreFailed"
              labelId="community.thread.more"
              onMore={() => send({ type: 'circleThread.more' })}
            />
          )}
          <ReplyComposer
            threadId={thread.id}
            onSent={(outcome: PostOutcome) => send({ type: 'circleThread.replied', post: outcome.post })}
          />
        </>
      )}
    </section>
  );
}
