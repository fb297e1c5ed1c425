import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ActorRefFrom, AnyStateMachine, InputFrom } from 'xstate';
import type { PostAuthor } from '../../../contract/circle';
import { css, cx } from '../../../styled-system/css';
import { useScreenOverrides } from '../../app/actors';
import { initialOf, useDataSaver } from '../../app/data-saver';
import { CheckCircleFilledIcon } from '../../theme/icons';

/**
 * What the circle's reading screens share (issue 27): each makes its machine's actor once with the
 * real API actors (src/api/circle.ts) and the tests' inspector; an author line (her alias and
 * avatar, "a member", or an expert's verified name and title); a post's body as plain text; and
 * a moment said relatively ("3 hours ago") with the exact one on hover, in the page's language.
 */
export function useCircleActor<M extends AnyStateMachine>(
  make: () => M,
  input?: InputFrom<M>,
): ActorRefFrom<M> {
  const overrides = useScreenOverrides();
  const [logic] = useState(make);
  return useActorRef(logic as AnyStateMachine, { input, inspect: overrides.inspect }) as ActorRefFrom<M>;
}

/** Now, again every minute: what a relative time and the edit window are measured from. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** "5 minutes ago", "yesterday"; a week or more: the date itself. */
export function relativeWhen(intl: IntlShape, iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return intl.formatRelativeTime(0, 'minute', { numeric: 'auto' });
  if (abs >= 7 * 24 * 60 * 60) return intl.formatDate(iso, { dateStyle: 'medium' });
  const [unit, size] = [...UNITS].reverse().find(([, s]) => abs >= s) ?? UNITS[0]!;
  return intl.formatRelativeTime(Math.round(seconds / size), unit, { numeric: 'auto' });
}

export function When({ iso, now }: { iso: string; now: number }) {
  const intl = useIntl();
  return (
    <time dateTime={iso} title={intl.formatDate(iso, { dateStyle: 'full', timeStyle: 'short' })}>
      {relativeWhen(intl, iso, now)}
    </time>
  );
}

/** An avatar's picture: the server gives its id (or already an address). */
export const avatarSrc = (avatar: string) =>
  avatar.startsWith('/') || avatar.startsWith('http') ? avatar : `/avatars/${encodeURIComponent(avatar)}.svg`;

const authorRow = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', minWidth: '0' });
const avatarBox = css({
  boxSize: '8',
  borderRadius: 'full',
  bg: 'accent.muted',
  overflow: 'hidden',
  flexShrink: '0',
  display: 'grid',
  placeItems: 'center',
});

/** Her avatar beside her alias; with the data saver on (issue 28), her alias's first letter instead. */
function AliasAvatar({ alias, avatar }: { alias: string; avatar: Parameters<typeof avatarSrc>[0] }) {
  const saving = useDataSaver();
  return (
    <span className={avatarBox} aria-hidden="true" data-testid="circle-avatar">
      {saving ? (
        <span className={css({ fontWeight: 'bold', color: 'accent.fg', fontSize: 'sm' })}>
          {initialOf(alias)}
        </span>
      ) : (
        <img src={avatarSrc(avatar)} alt="" width={32} height={32} />
      )}
    </span>
  );
}

/** Who wrote a post, as the post shows her: nothing more (never a link to a member). */
export function AuthorLine({ author, plain = false }: { author: PostAuthor; plain?: boolean }) {
  if (author.kind === 'expert')
    return (
      <span className={authorRow} data-testid="circle-author" data-kind="expert">
        <CheckCircleFilledIcon
          aria-hidden="true"
          className={css({ color: 'accent.solid', boxSize: '5', flexShrink: '0' })}
        />
        {plain ? (
          <bdi className={css({ fontWeight: '700', color: 'accent.fg' })}>{author.name}</bdi>
        ) : (
          <Link
            href={`/experts/${encodeURIComponent(author.expertId)}`}
            className={css({
              fontWeight: '700',
              color: 'accent.fg',
              minHeight: '11',
              display: 'inline-flex',
              alignItems: 'center',
            })}
          >
            <bdi>{author.name}</bdi>
          </Link>
        )}
        <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
          <bdi>{author.title}</bdi>
        </span>
        <span className={badge} data-testid="circle-verified">
          <FormattedMessage id="community.author.verified" />
        </span>
      </span>
    );
  if (author.kind === 'alias')
    return (
      <span className={authorRow} data-testid="circle-author" data-kind="alias">
        <AliasAvatar alias={author.alias} avatar={author.avatar} />
        <bdi className={css({ fontWeight: '600' })}>{author.alias}</bdi>
      </span>
    );
  return (
    <span className={authorRow} data-testid="circle-author" data-kind="member">
      <span className={avatarBox} aria-hidden="true" />
      <span className={css({ fontWeight: '600' })}>
        <FormattedMessage id="community.author.member" />
      </span>
    </span>
  );
}

export const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  borderRadius: 'full',
  bg: 'accent.muted',
  color: 'accent.fg',
  fontWeight: '700',
  textStyle: 'body.sm',
});

/** A post's words: plain text, its line breaks kept; never HTML. */
export function PostBody({ body, className }: { body: string; className?: string }) {
  return (
    <p
      dir="auto"
      className={cx(css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }), className)}
      data-testid="circle-post-body"
    >
      {body}
    </p>
  );
}

export const pageStack = css({ display: 'flex', flexDirection: 'column', gap: '5', minWidth: '0' });
export const cardList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  listStyle: 'none',
  p: '0',
  m: '0',
});
export const muted = css({ color: 'fg.muted', textStyle: 'body.sm' });
