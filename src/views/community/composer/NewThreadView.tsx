import { useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { css } from '../../../../styled-system/css';
import { createThread } from '../../../api/circle-write';
import { useFlowSelect } from '../../../app/flow';
import { usePageHeader } from '../../../app/layouts/DashboardLayout';
import { LinkButton } from '../../../components/link-button';
import { ArrowStartIcon } from '../../../theme/icons';
import { ComposerForm } from './ComposerForm';
import { ComposerFlow, useComposerActor } from './composer-actor';
import { runActor } from './run-actor';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '3xl' });
const back = css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'accent.fg' });

/**
 * A new thread in a space, /dashboard/circle/s/:space/new (issue 27): title, body, "post as" her
 * alias or "a member", the rules before her first post, then what became of it.
 */
export default function NewThreadView() {
  const intl = useIntl();
  usePageHeader(intl.formatMessage({ id: 'community.composer.newThread.title' }));
  const { space = '' } = useParams<{ space: string }>();
  const actor = useComposerActor({
    input: { mode: 'thread' },
    draft: { id: space },
    send: (input, signal) =>
      runActor(
        createThread,
        { spaceId: space, title: input.title ?? '', body: input.body, anonymous: input.anonymous },
        signal,
      ),
  });
  return (
    <ComposerFlow.Provider value={actor}>
      <section className={page} data-testid="circle-new-thread">
        <Link href={`/dashboard/circle/s/${encodeURIComponent(space)}`} className={back}>
          <ArrowStartIcon aria-hidden="true" />
          {intl.formatMessage({ id: 'community.composer.back' })}
        </Link>
        <h1 className={css({ textStyle: 'heading.lg', color: 'accent.fg' })}>
          {intl.formatMessage({ id: 'community.composer.newThread.title' })}
        </h1>
        <p>{intl.formatMessage({ id: 'community.composer.newThread.intro' })}</p>
        <ComposerForm
          sendLabelId="community.composer.send"
          bodyLabelId="community.composer.body.label"
          showTitle
          showPostAs
          after={<ThreadLink />}
        />
      </section>
    </ComposerFlow.Provider>
  );
}

function ThreadLink() {
  const intl = useIntl();
  const threadId = useFlowSelect(ComposerFlow, (s) => s.context.outcome?.post.threadId ?? null);
  if (!threadId) return null;
  return (
    <LinkButton href={`/dashboard/circle/t/${encodeURIComponent(threadId)}`} size="sm" variant="outline">
      {intl.formatMessage({ id: 'community.composer.viewThread' })}
    </LinkButton>
  );
}
