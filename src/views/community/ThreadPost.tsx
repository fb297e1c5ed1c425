import { FormattedMessage, useIntl } from 'react-intl';
import type { CirclePost } from '../../../contract/circle';
import type { circleThreadMachine } from '../../../machines/circleThread';
import { canEdit, canReact } from '../../../machines/circleThread-rules';
import { css, cx } from '../../../styled-system/css';
import { createFlow, useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { Notice } from '../../components/notice';
import { panel } from '../../components/panel';
import { AuthorLine, muted, PostBody, When } from './circle-parts';
import { EditPost } from './composer/EditPost';

export const ThreadFlow = createFlow<typeof circleThreadMachine>('CircleThreadFlow');

const actionsRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });

/**
 * One post of a thread (its opening or a reply): who wrote it (as the post shows her), when, its
 * words, and what she can do: "this helped me" with the count (never who), report; on her own
 * posts, edit (within 15 minutes) and delete. Her posts waiting for a moderator, hidden after
 * reports or removed carry a note saying so (a removal with the moderator's reason).
 */
export function ThreadPost({
  post,
  now,
  opening = false,
}: {
  post: CirclePost;
  now: number;
  opening?: boolean;
}) {
  const send = useFlowSend(ThreadFlow);
  const askDelete = () => send({ type: 'circleThread.delete.ask', postId: post.id });
  const editing = useFlowSelect(ThreadFlow, (s) => s.context.editing === post.id);
  const sendingHelpful = useFlowSelect(ThreadFlow, (s) => s.context.helpfulPost === post.id);
  const helpfulBusy = useFlowSelect(ThreadFlow, (s) => s.hasTag('helpful:sending'));
  const helpfulFailed = useFlowSelect(ThreadFlow, (s) => s.context.helpfulError?.postId === post.id);
  const intl = useIntl();
  const removed = post.status === 'removed';
  return (
    <article
      className={cx(panel(), css({ display: 'flex', flexDirection: 'column', gap: '3', minWidth: '0' }))}
      data-testid={opening ? 'circle-opening' : 'circle-reply'}
      data-post={post.id}
      data-status={post.status}
    >
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <AuthorLine author={post.author} />
        <span className={muted}>
          <When iso={post.createdAt} now={now} />
          {post.editedAt && (
            <>
              {' · '}
              <FormattedMessage id="community.post.edited" />
            </>
          )}
        </span>
      </header>
      {post.mine && post.status !== 'published' && <StatusNote post={post} />}
      {!post.mine && removed && (
        <p className={muted} data-testid="circle-post-removed">
          <FormattedMessage id="community.post.removedForOthers" />
        </p>
      )}
      {editing ? (
        <EditPost
          post={post}
          opening={opening}
          onDone={(saved?: CirclePost) =>
            send(saved ? { type: 'circleThread.edited', post: saved } : { type: 'circleThread.edit.close' })
          }
        />
      ) : (
        post.body && <PostBody body={post.body} />
      )}
      {!removed && !editing && (
        <footer className={actionsRow}>
          {canReact(post) ? (
            <Button
              type="button"
              size="sm"
              variant={post.helpedMe ? 'solid' : 'outline'}
              aria-pressed={post.helpedMe}
              loading={sendingHelpful}
              disabled={helpfulBusy && !sendingHelpful}
              onClick={() => send({ type: 'circleThread.helpful', postId: post.id })}
              data-testid="circle-helpful"
            >
              <FormattedMessage id="community.post.helped" values={{ count: post.helpful }} />
            </Button>
          ) : (
            <span className={muted} data-testid="circle-helpful-count">
              <FormattedMessage id="community.post.helpedCount" values={{ count: post.helpful }} />
            </span>
          )}
          {canReact(post) && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => send({ type: 'circleThread.report.open', postId: post.id })}
              data-testid="circle-report"
            >
              <FormattedMessage id="community.post.report" />
            </Button>
          )}
          {canEdit(post, now) && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => send({ type: 'circleThread.edit.open', postId: post.id })}
              data-testid="circle-edit"
            >
              <FormattedMessage id="community.post.edit" />
            </Button>
          )}
          {post.mine && <DeleteButton onClick={askDelete} />}
        </footer>
      )}
      {post.mine && removed && (
        <footer className={actionsRow}>
          <DeleteButton onClick={askDelete} />
        </footer>
      )}
      {helpfulFailed && (
        <Notice
          data-testid="circle-helpful-error"
          title={intl.formatMessage({ id: 'community.post.helpfulFailed' })}
        />
      )}
    </article>
  );
}

function StatusNote({ post }: { post: CirclePost }) {
  if (post.status === 'removed')
    return (
      <Notice
        status="error"
        role="status"
        data-testid="circle-post-note"
        title={<FormattedMessage id="community.post.removed.title" />}
        description={post.removedReason ? <bdi dir="auto">{post.removedReason}</bdi> : undefined}
      />
    );
  return (
    <Notice
      status="info"
      data-testid="circle-post-note"
      title={
        <FormattedMessage
          id={post.status === 'pending' ? 'community.post.pending' : 'community.post.hidden'}
        />
      }
    />
  );
}

/** Her own post's Delete (asks first: the thread's confirmation dialog). */
function DeleteButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="button" size="sm" variant="ghost" onClick={onClick} data-testid="circle-delete">
      <FormattedMessage id="community.post.delete" />
    </Button>
  );
}
