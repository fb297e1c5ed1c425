import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ReplyToMe } from '../../../../contract/circle';
import { circleRepliesMachine } from '../../../../machines/circleReplies';
import { css } from '../../../../styled-system/css';
import { loadCircleMe } from '../../../api/circle';
import { loadRepliesToMe, markRepliesSeen, setReplyEmails } from '../../../api/circle-write';
import { useScreenOverrides } from '../../../app/actors';
import { createFlow, useFlowActor, useFlowSelect } from '../../../app/flow';
import { usePageHeader } from '../../../app/layouts/DashboardLayout';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/notice';
import { Switch } from '../../../components/switch';

const RepliesFlow = createFlow<typeof circleRepliesMachine>('CircleRepliesFlow');

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '3xl' });
const list = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0' });
const item = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  p: '4',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  bg: 'bg.surface',
  '&[data-unread]': { borderColor: 'accent.default', borderInlineStartWidth: '4px' },
});
const muted = css({ color: 'fg.muted', textStyle: 'body.sm' });
const badge = css({ color: 'accent.fg', fontWeight: 'semibold', textStyle: 'body.sm' });

/**
 * The replies to her threads, /dashboard/circle/replies (issue 27): newest first, the unread ones
 * marked, "Load more", all marked seen on opening; "e-mail me when someone replies" when Account
 * Settings holds her address, else where to add one.
 */
export default function RepliesView() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() =>
    circleRepliesMachine.provide({
      actors: { loadCircleMe, loadRepliesToMe, markRepliesSeen, setReplyEmails },
    }),
  );
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  return (
    <RepliesFlow.Provider value={actor}>
      <RepliesPage />
    </RepliesFlow.Provider>
  );
}

function RepliesPage() {
  const intl = useIntl();
  usePageHeader(intl.formatMessage({ id: 'community.replies.title' }));
  const t = (id: string) => intl.formatMessage({ id });
  const actor = useFlowActor(RepliesFlow);
  const snap = useFlowSelect(RepliesFlow, (s) => s);
  const { items, nextCursor, moreError } = snap.context;
  return (
    <section className={page} data-testid="circle-replies">
      <h1 className={css({ textStyle: 'heading.lg', color: 'accent.fg' })}>{t('community.replies.title')}</h1>
      <p>{t('community.replies.intro')}</p>
      {snap.hasTag('loading') && (
        <p role="status" data-testid="circle-replies-loading">
          {t('community.replies.loading')}
        </p>
      )}
      {snap.hasTag('failed') && (
        <Notice
          data-testid="circle-replies-failed"
          description={t('community.replies.failed')}
          actions={
            <Button size="sm" variant="outline" onClick={() => actor.send({ type: 'circleReplies.retry' })}>
              {t('community.replies.retry')}
            </Button>
          }
        />
      )}
      {snap.matches('ready') && (
        <>
          <EmailChoice />
          {items.length === 0 ? (
            <p data-testid="circle-replies-empty">{t('community.replies.empty')}</p>
          ) : (
            <ul className={list} data-testid="circle-replies-list">
              {items.map((r) => (
                <ReplyRow key={r.postId} reply={r} />
              ))}
            </ul>
          )}
          <div aria-live="polite">
            {moreError && (
              <Notice
                data-testid="circle-replies-more-failed"
                description={t('community.replies.moreFailed')}
              />
            )}
          </div>
          {(nextCursor || moreError) && (
            <div>
              <Button
                variant="outline"
                loading={snap.hasTag('loadingMore')}
                onClick={() => actor.send({ type: 'circleReplies.more' })}
              >
                {t('community.replies.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ReplyRow({ reply }: { reply: ReplyToMe }) {
  const intl = useIntl();
  const who =
    reply.author.kind === 'alias'
      ? reply.author.alias
      : reply.author.kind === 'expert'
        ? intl.formatMessage(
            { id: 'community.replies.from.expert' },
            { name: reply.author.name, title: reply.author.title },
          )
        : intl.formatMessage({ id: 'community.replies.from.member' });
  return (
    <li className={item} data-unread={reply.unread ? '' : undefined} data-testid="circle-reply-row">
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'baseline' })}>
        {reply.unread && (
          <span className={badge}>{intl.formatMessage({ id: 'community.replies.unread' })}</span>
        )}
        <strong dir="auto">{who}</strong>
        <span className={muted}>
          {intl.formatDate(reply.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}
        </span>
      </div>
      <p dir="auto" className={css({ whiteSpace: 'pre-line' })}>
        {reply.excerpt}
      </p>
      <Link
        href={`/dashboard/circle/t/${encodeURIComponent(reply.threadId)}`}
        className={css({ color: 'accent.fg' })}
      >
        {intl.formatMessage({ id: 'community.replies.inThread' }, { title: reply.threadTitle })}
      </Link>
    </li>
  );
}

function EmailChoice() {
  const intl = useIntl();
  const actor = useFlowActor(RepliesFlow);
  const me = useFlowSelect(RepliesFlow, (s) => s.context.me);
  const saving = useFlowSelect(RepliesFlow, (s) => s.hasTag('savingEmail'));
  const error = useFlowSelect(RepliesFlow, (s) => s.context.emailError);
  if (!me) return null;
  if (!me.email.available) {
    return (
      <p className={muted} data-testid="circle-replies-no-address">
        <FormattedMessage
          id="community.replies.email.noAddress"
          values={{
            link: (chunks) => (
              <Link
                href="/dashboard/settings"
                className={css({ color: 'accent.fg', textDecoration: 'underline' })}
              >
                {chunks}
              </Link>
            ),
          }}
        />
      </p>
    );
  }
  return (
    <div data-testid="circle-replies-email">
      <Switch
        // while saving, the choice she asked for (a refusal then turns it back)
        checked={saving ? !me.email.replies : me.email.replies}
        disabled={saving}
        onCheckedChange={(e) => actor.send({ type: 'circleReplies.email', on: e.checked })}
      >
        {intl.formatMessage({ id: 'community.replies.email.label' })}
      </Switch>
      <div aria-live="polite">
        {error && (
          <Notice
            data-testid="circle-replies-email-error"
            description={intl.formatMessage({ id: 'community.replies.email.error' })}
          />
        )}
      </div>
    </div>
  );
}
