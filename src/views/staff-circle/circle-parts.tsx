import type { IntlShape } from 'react-intl';
import { useIntl } from 'react-intl';
import type { CirclePost, PostAuthor } from '../../../contract/circle';
import type { AppError } from '../../../machines/types';
import { css, cx } from '../../../styled-system/css';
import { CheckCircleFilledIcon } from '../../theme/icons';
import { staffErrorMessage } from '../staff/staff-fields';
import { formatWhen, muted } from '../staff-inbox/team-parts';

/**
 * What the circle's staff screens share (issue 27): a post's author exactly as members see it (her
 * alias, "a member", or an expert's verified mark with her name and title; nothing more, for a
 * moderator too), a post's body as plain text with its line breaks, a space's name, an error's words.
 */
export function AuthorLine({ author, testId = 'circle-author' }: { author: PostAuthor; testId?: string }) {
  const intl = useIntl();
  if (author.kind === 'expert')
    return (
      <span className={authorRow} data-testid={testId}>
        <span className={verified} data-testid="circle-verified">
          <CheckCircleFilledIcon aria-hidden="true" />
          {intl.formatMessage({ id: 'staff.circle.verified' })}
        </span>
        <strong>
          <bdi>{author.name}</bdi>
        </strong>
        <span className={muted}>
          <bdi>{author.title}</bdi>
        </span>
      </span>
    );
  return (
    <span className={authorRow} data-testid={testId}>
      <strong>
        {author.kind === 'alias' ? (
          <bdi>{author.alias}</bdi>
        ) : (
          intl.formatMessage({ id: 'staff.circle.author.member' })
        )}
      </strong>
    </span>
  );
}

/** Plain text with line breaks (never HTML), in whichever direction it was written. */
export function PostBody({ body, testId = 'circle-body' }: { body: string; testId?: string }) {
  return (
    <p dir="auto" className={postText} data-testid={testId}>
      {body}
    </p>
  );
}

/** A post of a thread as members see it. */
export function PostView({ post }: { post: CirclePost }) {
  const intl = useIntl();
  return (
    <article
      className={cx(postBox, post.author.kind === 'expert' && css({ borderColor: 'accent.fg' }))}
      data-testid="circle-post"
    >
      <header className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
        <AuthorLine author={post.author} />
        <span className={muted}>{formatWhen(intl, post.createdAt)}</span>
      </header>
      {post.status === 'removed' ? (
        <p className={muted}>{intl.formatMessage({ id: 'staff.circle.post.removed' })}</p>
      ) : (
        <PostBody body={post.body} />
      )}
      {post.helpful > 0 && (
        <p className={muted}>
          {intl.formatMessage({ id: 'staff.circle.post.helpful' }, { count: post.helpful })}
        </p>
      )}
    </article>
  );
}

/** A space's name (its slug when the staff words do not know it). */
export function spaceName(intl: IntlShape, id: string) {
  const key = `staff.circle.space.${id}`;
  return intl.messages[key] ? intl.formatMessage({ id: key }) : id;
}

/** An error's words: the circle's own first, then the staff side's. */
export function circleError(intl: IntlShape, error: AppError | null) {
  if (!error) return '';
  const own = `staff.circle.error.${error.code}`;
  return intl.messages[own] ? intl.formatMessage({ id: own }) : staffErrorMessage(intl, error);
}

const authorRow = css({ display: 'inline-flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
const verified = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  color: 'accent.fg',
  fontWeight: '700',
  textStyle: 'body.sm',
  '& svg': { boxSize: '4' },
});
export const postText = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: 'fg.default' });
const postBox = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  bg: 'bg.surface',
});
