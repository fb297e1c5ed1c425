import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContentReview as Review } from '../../contract/learning';
import { css, cx } from '../../styled-system/css';
import { panel } from './panel';

/** A calendar day (YYYY-MM-DD) read in UTC, so no time zone moves it to the day before. */
const utc = (day: string) => `${day}T00:00:00Z`;

const box = css({ display: 'flex', flexDirection: 'column', gap: '3', maxWidth: '70ch' });
const small = css({ textStyle: 'body.sm', color: 'fg.muted' });

/**
 * Who checked a course or an article, when, and against what (issue 24): "Reviewed on 28 November
 * 2026 by our health content team · Next review November 2027", then the sources as a list, each
 * body named in the page's language (`content.review.org.<org>`) and each document by its published
 * (English) title. Nothing when the page has no recorded review.
 */
export function ContentReview({ review }: { review: Review | null }) {
  const intl = useIntl();
  const titleId = useId();
  const sourcesId = useId();
  if (!review) return null;
  const reviewedOn = intl.formatDate(utc(review.reviewedOn), { dateStyle: 'long', timeZone: 'UTC' });
  const nextReview = intl.formatDate(utc(review.nextReview), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return (
    <section
      aria-labelledby={titleId}
      className={cx(panel({ padding: 'sm' }), box)}
      data-testid="content-review"
    >
      <h2 id={titleId} className={css({ textStyle: 'heading.sm' })}>
        <FormattedMessage id="content.review.title" />
      </h2>
      <p className={small}>
        <FormattedMessage
          id="content.review.reviewed"
          values={{ date: <time dateTime={review.reviewedOn}>{reviewedOn}</time> }}
        />{' '}
        ·{' '}
        <FormattedMessage
          id="content.review.next"
          values={{ date: <time dateTime={review.nextReview.slice(0, 7)}>{nextReview}</time> }}
        />
      </p>
      <h3 id={sourcesId} className={css({ textStyle: 'body.sm', fontWeight: '600' })}>
        <FormattedMessage id="content.review.sources" />
      </h3>
      <ul
        aria-labelledby={sourcesId}
        className={css({ ps: '5', listStyleType: 'disc', textStyle: 'body.sm' })}
      >
        {review.sources.map((s) => (
          <li key={`${s.org} ${s.title}`}>
            <FormattedMessage
              id="content.review.source"
              values={{
                org: intl.formatMessage({ id: `content.review.org.${s.org}` }),
                title: (
                  <cite lang="en" dir="ltr">
                    {s.title}
                  </cite>
                ),
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
