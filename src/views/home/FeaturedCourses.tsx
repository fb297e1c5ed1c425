import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { catalogueMachine } from '../../../machines/catalogue';
import { css } from '../../../styled-system/css';
import { fetchCourses } from '../../api/learning';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { CourseCard, CourseCardSkeleton } from '../../components/course-card';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { ArrowEndIcon } from '../../theme/icons';
import { useLocaleChange } from '../articles/useLocaleChange';

/** How many courses the front page shows: the first of the catalogue's order. */
const FEATURED_COURSES = 3;

const grid = css({
  display: 'grid',
  gap: { base: '4', md: '6' },
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
});

function createLogic(overrides: ScreenOverrides['catalogue']) {
  const real = catalogueMachine.provide({ actors: { fetchCourses } });
  return overrides ? real.provide(overrides) : real;
}

/**
 * The front page's courses: the catalogue's first three and a link to all of them. Its own chunk,
 * after the page; it steps aside if the courses cannot be loaded (the page does not depend on it).
 */
export default function FeaturedCourses() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.catalogue));
  const catalogue = useActorRef(logic, {
    input: { page: 1, limit: FEATURED_COURSES },
    inspect: overrides.inspect,
  });
  const loading = useSelector(catalogue, (s) => s.matches('loading'));
  const ready = useSelector(catalogue, (s) => s.hasTag('step:ready'));
  const data = useSelector(catalogue, (s) => s.context.data);
  useLocaleChange(() => catalogue.send({ type: 'catalogue.localeChanged' }));
  if (!loading && !ready) return null;
  return (
    <section
      aria-labelledby="featured-courses"
      aria-busy={loading}
      className={pageColumn({ space: 'md' })}
      data-testid="featured-courses"
    >
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          gap: '4',
          mb: '6',
        })}
      >
        <div>
          <h2 id="featured-courses" className={css({ textStyle: 'heading.lg', color: 'fg.default' })}>
            <FormattedMessage id="home.courses.title" />
          </h2>
          <p className={css({ color: 'fg.muted', mt: '1' })}>
            <FormattedMessage id="home.courses.intro" />
          </p>
        </div>
        <LinkButton href="/courses" variant="outline">
          <FormattedMessage id="home.courses.all" />
          <ArrowEndIcon aria-hidden="true" />
        </LinkButton>
      </div>
      <ul className={grid}>
        {ready && data
          ? data.items.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} headingLevel="h3" />
              </li>
            ))
          : Array.from({ length: FEATURED_COURSES }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i}>
                <CourseCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  );
}
