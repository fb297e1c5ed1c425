import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CourseSummary } from '../../contract/learning';
import { effectivePrice } from '../../contract/learning-constants';
import { css, cx } from '../../styled-system/css';
import { formatDuration, formatMoney } from '../views/courses/format';
import * as Avatar from './avatar';
import * as Card from './card';
import { Skeleton } from './skeleton';
import { Stars } from './stars';

const meta = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '1',
  color: 'fg.muted',
  textStyle: 'body.sm',
  listStyle: 'none',
  p: '0',
  m: '0',
  '& li': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
  '& li + li::before': {
    content: '""',
    width: '1',
    height: '1',
    borderRadius: 'full',
    bg: 'fg.subtle',
    me: '1.5',
  },
});

const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2.5',
  py: '0.5',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: '700',
});

/** "+ VAT": a course's price is before VAT (5 %, spec §9), added at checkout (issue 21). */
const vat = css({ fontSize: 'sm', fontWeight: '400', color: 'fg.muted' });

/** The price line: Free badge, or the sale price with the original struck through, or the price. */
export function CoursePrice({ course }: { course: Pick<CourseSummary, 'price' | 'sale_price' | 'isFree'> }) {
  const intl = useIntl();
  if (course.isFree || course.price === 0) {
    return (
      <span
        className={cx(badge, css({ bg: 'success.subtle', color: 'success.fg' }))}
        data-testid="price-free"
      >
        {intl.formatMessage({ id: 'learning.card.free' })}
      </span>
    );
  }
  const paid = effectivePrice(course);
  const price = formatMoney(intl, course.price);
  if (paid < course.price) {
    const sale = formatMoney(intl, paid);
    return (
      <span
        className={css({ display: 'inline-flex', alignItems: 'baseline', gap: '2' })}
        data-testid="price-sale"
      >
        <span className={css({ srOnly: true })}>
          {intl.formatMessage({ id: 'learning.card.sale' }, { sale, price })}
        </span>
        <span
          aria-hidden="true"
          className={css({ fontSize: 'lg', fontWeight: '700', color: 'highlight.fg' })}
        >
          {sale}
        </span>
        <s aria-hidden="true" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {price}
        </s>
        <span className={vat}>{intl.formatMessage({ id: 'learning.card.vat' })}</span>
      </span>
    );
  }
  return (
    <span className={css({ fontSize: 'lg', fontWeight: '700', color: 'fg.default' })} data-testid="price">
      <span className={css({ srOnly: true })}>
        {intl.formatMessage({ id: 'learning.card.price' }, { price })}
      </span>
      <span aria-hidden="true">{price}</span>{' '}
      <span className={vat}>{intl.formatMessage({ id: 'learning.card.vat' })}</span>
    </span>
  );
}

/** The stars with the average and the number of reviews, or "No reviews yet". */
export function CourseRating({ rating }: { rating: CourseSummary['rating'] }) {
  const intl = useIntl();
  const average = rating.average ?? 0;
  const reviews = intl.formatMessage({ id: 'learning.card.reviews' }, { count: rating.count });
  if (rating.count === 0)
    return <span className={css({ textStyle: 'body.sm', color: 'fg.muted' })}>{reviews}</span>;
  return (
    <Stars
      value={average}
      label={intl.formatMessage(
        { id: 'learning.card.rating' },
        { average: intl.formatNumber(average, { maximumFractionDigits: 1 }) },
      )}
    >
      {intl.formatNumber(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ({reviews})
    </Stars>
  );
}

/**
 * One course in the catalogue: the whole card is one link to the course (the title's link is
 * stretched over it), so it is a single stop for the keyboard and a large target on a phone.
 */
export function CourseCard({
  course,
  headingLevel = 'h2',
}: {
  course: CourseSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  const intl = useIntl();
  return (
    <Card.Root interactive className={css({ height: 'full' })} data-testid="course-card">
      <Card.Header className={css({ gap: '2' })}>
        <span
          className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}
        >
          <span className={Card.eyebrow}>
            {intl.formatMessage({ id: `learning.card.level.${course.level}` })}
          </span>
          <CoursePrice course={course} />
        </span>
        <Card.Title as={headingLevel} className={css({ textStyle: 'heading.sm' })}>
          <Link href={`/courses/${encodeURIComponent(course.id)}`} className={Card.stretchedLink}>
            {course.title}
          </Link>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ gap: '4' })}>
        <p className={css({ color: 'fg.muted', textStyle: 'body.md', lineClamp: '3' })}>{course.summary}</p>
        <ul className={meta}>
          <li>
            <span className={css({ srOnly: true })}>
              {intl.formatMessage(
                { id: 'learning.card.duration' },
                { duration: formatDuration(intl, course.durationMinutes) },
              )}
            </span>
            <span aria-hidden="true">{formatDuration(intl, course.durationMinutes)}</span>
          </li>
          <li>{intl.formatMessage({ id: 'learning.card.lessons' }, { count: course.lessonCount })}</li>
        </ul>
      </Card.Body>
      <Card.Footer
        className={css({
          justifyContent: 'space-between',
          borderTopWidth: '1px',
          borderColor: 'border.subtle',
          pt: '4',
        })}
      >
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', minWidth: '0' })}>
          <Avatar.Root className={css({ width: '8', height: '8', flexShrink: '0' })}>
            <Avatar.Fallback />
            {course.expert.avatar && <Avatar.Image src={course.expert.avatar.url} alt="" />}
          </Avatar.Root>
          <span className={css({ textStyle: 'body.sm', color: 'fg.muted', minWidth: '0' })}>
            {intl.formatMessage({ id: 'learning.card.expert' }, { name: course.expert.name })}
          </span>
        </span>
        <CourseRating rating={course.rating} />
      </Card.Footer>
    </Card.Root>
  );
}

/** The card's shape while the catalogue loads. */
export function CourseCardSkeleton() {
  return (
    <Card.Root className={css({ height: 'full' })} data-testid="course-card-skeleton">
      <Card.Header className={css({ gap: '3' })}>
        <Skeleton className={css({ width: '24', height: '4' })} />
        <Skeleton className={css({ width: '4/5', height: '6' })} />
      </Card.Header>
      <Card.Body>
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: '2/3', height: '4' })} />
      </Card.Body>
      <Card.Footer className={css({ justifyContent: 'space-between' })}>
        <Skeleton className={css({ width: '32', height: '8' })} />
        <Skeleton className={css({ width: '24', height: '4' })} />
      </Card.Footer>
    </Card.Root>
  );
}
