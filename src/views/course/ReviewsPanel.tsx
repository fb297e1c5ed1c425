import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PublicReview, ReviewsPage } from '../../../contract/learning';
import { REVIEWS_PAGE_SIZE } from '../../../machines/courseLifecycle';
import { css, cx } from '../../../styled-system/css';
import { useCourseLifecycle } from '../../app/actors';
import * as Avatar from '../../components/avatar';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { Stars } from '../../components/stars';
import { StarIcon } from '../../theme/icons';
import { formatDate } from '../courses/format';
import { LearningPager } from '../courses/LearningPager';
import { learningError } from './errors';
import { useCourseActor } from './useCourse';

/** Reviews: the summary (average, count, stars distribution) and the reviews, paged. */
export function ReviewsPanel() {
  const actor = useCourseActor();
  const intl = useIntl();
  const idle = useCourseLifecycle((s) => s.hasTag('reviews:idle'));
  const loading = useCourseLifecycle((s) => s.hasTag('reviews:loading'));
  const failed = useCourseLifecycle((s) => s.hasTag('reviews:failed'));
  const reviews = useCourseLifecycle((s) => s.context.reviews);
  const page = useCourseLifecycle((s) => s.context.reviewsPage);
  const error = useCourseLifecycle((s) => s.context.reviewsError);

  useEffect(() => {
    // the first time the tab opens
    if (idle) actor.send({ type: 'course.reviewsPage', page: 1 });
  }, [idle, actor]);

  if (failed) {
    return (
      <Notice
        data-testid="reviews-error"
        description={
          error?.code === 'NETWORK_ERROR'
            ? learningError(intl, error)
            : intl.formatMessage({ id: 'learning.course.reviews.error' })
        }
        end={<RetryButton onClick={() => actor.send({ type: 'course.reviewsRetry' })} />}
      />
    );
  }
  if (!reviews) {
    return (
      <LoadingState
        label={<FormattedMessage id="learning.course.reviews.loading" />}
        data-testid="reviews-loading"
        className={css({ display: 'grid', gap: '4' })}
      >
        <Skeleton className={css({ width: 'full', height: '28', borderRadius: 'xl' })} />
        <Skeleton className={css({ width: 'full', height: '20' })} />
        <Skeleton className={css({ width: 'full', height: '20' })} />
      </LoadingState>
    );
  }
  if (reviews.summary.count === 0) {
    return (
      <div data-testid="reviews-empty">
        <EmptyState
          icon={<StarIcon />}
          title={<FormattedMessage id="learning.course.reviews.empty.title" />}
          description={<FormattedMessage id="learning.course.reviews.empty.body" />}
        />
      </div>
    );
  }
  return (
    <div
      data-testid="reviews"
      aria-busy={loading || undefined}
      className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}
    >
      <Summary summary={reviews.summary} />
      <h2 className={css({ srOnly: true })}>
        <FormattedMessage id="learning.course.reviews.listHeading" />
      </h2>
      <ul
        data-loading={loading || undefined}
        className={css({
          display: 'grid',
          gap: '4',
          transition: 'opacity {durations.normal}',
          _loading: { opacity: '0.6' },
        })}
      >
        {reviews.items.map((r) => (
          <ReviewItem key={r.id} review={r} />
        ))}
      </ul>
      {reviews.totalPages > 1 && (
        <LearningPager
          labelId="learning.course.reviews.pages.label"
          of={{ total: reviews.total, limit: REVIEWS_PAGE_SIZE }}
          page={page}
          onPage={(p) => actor.send({ type: 'course.reviewsPage', page: p })}
        />
      )}
    </div>
  );
}

const summaryBox = cx(
  panel({ tone: 'muted', padding: 'lg' }),
  css({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'auto 1fr' },
    gap: { base: '5', sm: '8' },
    alignItems: 'center',
  }),
);

const starRow = css({
  display: 'grid',
  gridTemplateColumns: '4.5rem 1fr 2.5rem',
  alignItems: 'center',
  gap: '3',
});

function Summary({ summary }: { summary: ReviewsPage['summary'] }) {
  const intl = useIntl();
  const average = summary.average ?? 0;
  const max = Math.max(1, ...Object.values(summary.distribution));
  return (
    <section className={summaryBox} data-testid="reviews-summary">
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' })}>
        <h2 className={css({ srOnly: true })}>
          <FormattedMessage id="learning.course.reviews.heading" />
        </h2>
        <p className={css({ fontSize: '4xl', fontWeight: '700', lineHeight: '1' })}>
          {intl.formatNumber(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
        </p>
        <Stars
          value={average}
          label={intl.formatMessage(
            { id: 'learning.card.rating' },
            { average: intl.formatNumber(average, { maximumFractionDigits: 1 }) },
          )}
        />
        <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
          {intl.formatMessage({ id: 'learning.card.reviews' }, { count: summary.count })}
        </p>
      </div>
      <dl className={css({ display: 'grid', gap: '1.5', m: '0' })}>
        {(['5', '4', '3', '2', '1'] as const).map((star) => {
          const count = summary.distribution[star] ?? 0;
          return (
            <div key={star} className={starRow}>
              <dt className={css({ textStyle: 'body.sm', color: 'fg.muted', whiteSpace: 'nowrap' })}>
                {intl.formatMessage({ id: 'learning.course.reviews.starsN' }, { count: Number(star) })}
              </dt>
              <dd className={css({ display: 'contents' })}>
                <span
                  aria-hidden="true"
                  className={css({ height: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' })}
                >
                  <span
                    className={css({
                      display: 'block',
                      height: 'full',
                      bg: 'highlight.default',
                      borderRadius: 'full',
                    })}
                    style={{ width: `${(count / max) * 100}%` }}
                  />
                </span>
                <span
                  className={css({
                    textStyle: 'body.sm',
                    textAlign: 'end',
                    fontVariantNumeric: 'tabular-nums',
                  })}
                >
                  {intl.formatNumber(count)}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  const intl = useIntl();
  return (
    <li data-testid="review" className={cx(panel({ padding: 'sm' }), css({ display: 'flex', gap: '4' }))}>
      <Avatar.Root size="md" className={css({ flexShrink: '0' })}>
        <Avatar.Fallback />
        {review.avatar && <Avatar.Image src={review.avatar.url} alt="" />}
      </Avatar.Root>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: '0' })}>
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            columnGap: '3',
            rowGap: '1',
          })}
        >
          <Stars
            value={review.rating}
            label={intl.formatMessage({ id: 'learning.course.reviews.rating' }, { rating: review.rating })}
          />
          <span className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
            {formatDate(intl, review.updatedAt ?? review.createdAt)}
          </span>
        </div>
        {review.text ? (
          <p
            dir="auto"
            className={css({ textStyle: 'body.md', whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}
          >
            {review.text}
          </p>
        ) : (
          <p className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>
            <FormattedMessage id="learning.course.reviews.noText" />
          </p>
        )}
      </div>
    </li>
  );
}
