import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { catalogueMachine, pageFromQuery } from '../../../machines/catalogue';
import { css } from '../../../styled-system/css';
import { fetchCourses } from '../../api/learning';
import { Apart } from '../../app/Apart';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { Button } from '../../components/button';
import { cardGrid } from '../../components/card-grid';
import { CourseCard, CourseCardSkeleton } from '../../components/course-card';
import { Disclaimer } from '../../components/disclaimer';
import { EmptyState } from '../../components/empty-state';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { BookIcon } from '../../theme/icons';
import { useDocumentTitle } from '../useDocumentTitle';
import { LearningPager } from './LearningPager';

function createLogic(overrides: ScreenOverrides['catalogue']) {
  const real = catalogueMachine.provide({ actors: { fetchCourses } });
  return overrides ? real.provide(overrides) : real;
}

const grid = cardGrid();

/** The course catalogue, /courses (spec §2, §7): a page of course cards, paged in the address. */
const title = css({ textStyle: 'heading.xl', color: 'accent.fg', outline: 'none' });

export default function CatalogueView() {
  useDocumentTitle('learning.catalogue.title');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const urlPage = pageFromQuery(new URLSearchParams(search).get('page'));
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.catalogue));
  const catalogue = useScreenActor(logic, { input: { page: urlPage }, inspect: overrides.inspect });
  const loading = useSelector(catalogue, (s) => s.hasTag('step:loading'));
  const failed = useSelector(catalogue, (s) => s.hasTag('step:failed'));
  const empty = useSelector(catalogue, (s) => s.hasTag('step:empty'));
  const data = useSelector(catalogue, (s) => s.context.data);
  const page = useSelector(catalogue, (s) => s.context.page);

  // the address leads: Back and Forward (and links) change the page
  useEffect(() => {
    catalogue.send({ type: 'catalogue.page', page: urlPage });
  }, [urlPage, catalogue]);

  // titles and summaries come in the request's language: fetch again after a switch
  useLocaleChange(() => catalogue.send({ type: 'catalogue.localeChanged' }));

  const goTo = (next: number) => {
    navigate(next === 1 ? location : `${location}?page=${next}`);
    document.getElementById('catalogue-heading')?.focus();
  };

  const totalPages = data?.totalPages ?? 0;
  return (
    <div className={pageColumn()}>
      <header
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', mb: { base: '6', md: '8' } })}
      >
        <h1 id="catalogue-heading" tabIndex={-1} className={title}>
          <FormattedMessage id="learning.catalogue.title" />
        </h1>
        <p className={css({ color: 'fg.muted', textStyle: 'body.lg', maxWidth: '3xl' })}>
          <FormattedMessage id="learning.catalogue.intro" />
        </p>
        <Disclaimer />
      </header>

      <section aria-labelledby="catalogue-heading" aria-busy={loading} data-testid="catalogue">
        {loading && (
          <LoadingState
            label={<FormattedMessage id="learning.catalogue.loading" />}
            data-testid="catalogue-loading"
          >
            <ul className={grid}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i}>
                  <CourseCardSkeleton />
                </li>
              ))}
            </ul>
          </LoadingState>
        )}

        {failed && (
          <Notice
            data-testid="catalogue-error"
            title={<FormattedMessage id="learning.catalogue.error" />}
            actions={<RetryButton onClick={() => catalogue.send({ type: 'catalogue.retry' })} />}
          />
        )}

        {empty && (
          <div data-testid="catalogue-empty" className={panel({ padding: 'none' })}>
            <EmptyState
              icon={<BookIcon />}
              title={<FormattedMessage id="learning.catalogue.empty.title" />}
              description={<FormattedMessage id="learning.catalogue.empty.body" />}
              action={
                page > 1 ? (
                  <Button type="button" variant="outline" onClick={() => goTo(1)}>
                    <FormattedMessage id="learning.catalogue.empty.firstPage" />
                  </Button>
                ) : undefined
              }
            />
          </div>
        )}

        {!loading && !failed && !empty && data && (
          <>
            <p className={css({ srOnly: true })} role="status">
              <FormattedMessage id="learning.catalogue.count" values={{ count: data.total }} />
            </p>
            <ul className={grid} data-testid="catalogue-list">
              {data.items.map((course) => (
                <li key={course.id}>
                  {/* each card hydrated apart (issue 23): no long task taking the list over */}
                  <Apart>
                    <CourseCard course={course} />
                  </Apart>
                </li>
              ))}
            </ul>
          </>
        )}

        {!failed && totalPages > 1 && (
          <div className={css({ mt: { base: '8', md: '10' } })}>
            <Apart>
              <LearningPager labelId="learning.catalogue.pages.label" of={data!} page={page} onPage={goTo} />
            </Apart>
          </div>
        )}
      </section>
    </div>
  );
}
