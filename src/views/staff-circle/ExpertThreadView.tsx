import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { CIRCLE_LIMITS } from '../../../contract/circle';
import { STAFF_PAGES } from '../../../contract/staff';
import { expertCircleThreadMachine } from '../../../machines/expertCircleThread';
import { css } from '../../../styled-system/css';
import { loadExpertThread, sendExpertReply } from '../../api/staff-circle';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-fields';
import { Notice } from '../../components/notice';
import { ArrowStartIcon } from '../../theme/icons';
import { useStaffMe } from '../staff/staff-me';
import {
  LoadMore,
  muted,
  pageH1,
  pageStack,
  rowList,
  TeamFailed,
  TeamLoading,
  useTeamActor,
} from '../staff-inbox/team-parts';
import { AuthorLine, circleError, PostView, spaceName } from './circle-parts';

/**
 * A thread for an expert, /staff/circle/t/:id (issue 27): the thread as members see it, its replies
 * oldest first ("Load more"), then her reply: checked for personal details before it goes, shown
 * with the verified mark and her name.
 */
export default function ExpertThreadView() {
  const { id = '' } = useParams<{ id: string }>();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const me = useStaffMe();
  const actor = useTeamActor(
    () => expertCircleThreadMachine.provide({ actors: { loadExpertThread, sendExpertReply } }),
    { id },
  );
  const snap = useSelector(actor, (s) => s);
  const { thread, replies, nextCursor, error, draft, problem, found, sendError } = snap.context;
  const sending = snap.hasTag('sending');
  const kinds = [...new Set(found.map((f) => f.kind))].map((k) => t(`staff.circle.reply.kind.${k}`));

  return (
    <section className={pageStack} data-testid="expert-thread" aria-busy={snap.hasTag('step:loading')}>
      <Link href={STAFF_PAGES.circle} className={backLink} data-testid="thread-back">
        <ArrowStartIcon aria-hidden="true" />
        {t('staff.circle.thread.back')}
      </Link>
      {snap.hasTag('step:loading') && (
        <TeamLoading labelId="staff.circle.thread.loading" testId="thread-loading" />
      )}
      {snap.hasTag('step:failed') && (
        <TeamFailed
          titleId="staff.circle.thread.failed"
          description={circleError(intl, error)}
          testId="thread-error"
          retryId="staff.circle.retry"
          onRetry={() => actor.send({ type: 'thread.retry' })}
        />
      )}
      {snap.hasTag('step:ready') && thread && (
        <>
          <header className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
            <p className={muted}>{spaceName(intl, thread.space.id)}</p>
            <h1 className={pageH1} dir="auto">
              {thread.title}
            </h1>
          </header>
          <PostView post={thread.opening} />
          <h2 className={h2}>{t('staff.circle.thread.replies', { count: thread.replyCount })}</h2>
          {replies.length === 0 ? (
            <p className={muted}>{t('staff.circle.thread.noReplies')}</p>
          ) : (
            <ol className={rowList} data-testid="thread-replies">
              {replies.map((post) => (
                <li key={post.id}>
                  <PostView post={post} />
                </li>
              ))}
            </ol>
          )}
          {(nextCursor || snap.hasTag('moreFailed')) && (
            <LoadMore
              busy={snap.hasTag('more')}
              failed={snap.hasTag('moreFailed')}
              failedId="staff.circle.thread.moreFailed"
              labelId="staff.circle.thread.more"
              onMore={() => actor.send({ type: 'thread.more' })}
            />
          )}
          <form
            noValidate
            data-testid="expert-reply"
            className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'reply.submit' });
            }}
          >
            <h2 className={h2}>{t('staff.circle.reply.title')}</h2>
            <p className={muted}>
              {t('staff.circle.reply.as')}{' '}
              <AuthorLine
                author={{ kind: 'expert', expertId: me.expertId ?? '', name: me.name, title: '' }}
              />
            </p>
            <TextField
              name="reply"
              label={t('staff.circle.reply.label')}
              helper={t('staff.circle.reply.helper', { max: CIRCLE_LIMITS.replyMax })}
              required
              multiline
              rows={6}
              dir="auto"
              value={draft}
              maxLength={CIRCLE_LIMITS.replyMax * 2}
              error={
                problem
                  ? t(`staff.circle.reply.problem.${problem}`, { max: CIRCLE_LIMITS.replyMax })
                  : undefined
              }
              onChange={(value) => actor.send({ type: 'reply.changed', value })}
            />
            {snap.hasTag('needsEdit') && (
              <Notice
                data-testid="reply-needs-edit"
                title={t('staff.circle.reply.needsEdit.title')}
                description={t('staff.circle.reply.needsEdit.body', { kinds: intl.formatList(kinds) })}
              />
            )}
            {snap.hasTag('sent') && (
              <Notice status="success" data-testid="reply-sent" title={t('staff.circle.reply.sent')} />
            )}
            {snap.hasTag('sendFailed') && (
              <Notice
                data-testid="reply-failed"
                title={t('staff.circle.reply.failed')}
                description={circleError(intl, sendError)}
                actions={
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    onClick={() => actor.send({ type: 'reply.retry' })}
                  >
                    {t('staff.circle.retry')}
                  </Button>
                }
              />
            )}
            <div>
              <Button type="submit" loading={sending} data-testid="reply-submit">
                {t('staff.circle.reply.submit')}
              </Button>
            </div>
          </form>
        </>
      )}
    </section>
  );
}

const h2 = css({ textStyle: 'heading.sm' });
const backLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  alignSelf: 'flex-start',
  minHeight: '10',
  color: 'accent.fg',
  fontWeight: '600',
  '& svg': { _rtl: { transform: 'scaleX(-1)' } },
});
