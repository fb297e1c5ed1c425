import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { catalogueMachine } from '../../../machines/catalogue';
import { fetchCourses } from '../../api/learning';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { cardGrid } from '../../components/card-grid';
import { CourseCard, CourseCardSkeleton } from '../../components/course-card';
import { HomeSection, Placeholders } from './HomeSection';

/** How many courses the front page shows: the first of the catalogue's order. */
const FEATURED_COURSES = 3;

const grid = cardGrid();

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
  const catalogue = useScreenActor(logic, {
    input: { page: 1, limit: FEATURED_COURSES },
    inspect: overrides.inspect,
  });
  const loading = useSelector(catalogue, (s) => s.matches('loading'));
  const ready = useSelector(catalogue, (s) => s.hasTag('step:ready'));
  const data = useSelector(catalogue, (s) => s.context.data);
  useLocaleChange(() => catalogue.send({ type: 'catalogue.localeChanged' }));
  if (!loading && !ready) return null;
  return (
    <HomeSection
      id="featured-courses"
      testId="featured-courses"
      busy={loading}
      titleId="home.courses.title"
      introId="home.courses.intro"
      allHref="/courses"
      allLabelId="home.courses.all"
    >
      <ul className={grid}>
        {ready && data ? (
          data.items.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} headingLevel="h3" />
            </li>
          ))
        ) : (
          <Placeholders count={FEATURED_COURSES}>
            <CourseCardSkeleton />
          </Placeholders>
        )}
      </ul>
    </HomeSection>
  );
}
