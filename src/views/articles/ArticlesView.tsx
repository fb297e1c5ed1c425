import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { ARTICLE_SEARCH_MAX } from '../../../contract/article-rules';
import { articlesMachine, cleanSearch, pageFromQuery } from '../../../machines/articles';
import { css, cx } from '../../../styled-system/css';
import { hstack, stack, wrap } from '../../../styled-system/patterns';
import { fetchArticles } from '../../api/articles';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { Button } from '../../components/button';
import { Disclaimer } from '../../components/disclaimer';
import { EmptyState } from '../../components/empty-state';
import * as Field from '../../components/field';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { PageHeader } from '../../components/page-header';
import { panel } from '../../components/panel';
import { inlineLinkStyle } from '../../components/text-link';
import { ArrowEndIcon, BookIcon, SearchIcon } from '../../theme/icons';
import { LearningPager } from '../courses/LearningPager';
import { usePageMeta } from '../site-page/meta';
import { ArticleCard, ArticleCardSkeleton, articleGrid } from './ArticleCard';

type Navigate = (to: string, options?: { replace?: boolean }) => void;

function createLogic(overrides: ScreenOverrides['articles'], navigate: Navigate) {
  const real = articlesMachine.provide({
    actors: { fetchArticles },
    actions: { showSearchInAddress: (_, p) => navigate(articlesHref(p.search), { replace: p.replace }) },
  });
  return overrides ? real.provide(overrides) : real;
}

/** `/articles?search=…&page=2`: the address of a list (page 1 and no search are left out). */
export function articlesHref(search: string, page = 1): string {
  const q = new URLSearchParams();
  if (search) q.set('search', search);
  if (page > 1) q.set('page', String(page));
  const s = q.toString();
  return s ? `/articles?${s}` : '/articles';
}

const searchRow = wrap({ gap: '2', align: 'center' });
const courseLink = cx(
  inlineLinkStyle,
  hstack({
    display: 'inline-flex',
    gap: '2',
    minHeight: '11',
    '& svg': { width: '4', height: '4', flexShrink: '0' },
  }),
);

/** The articles, /articles (spec §2 "articles with search", §7): search, a page of cards, paging in the address. */
export default function ArticlesView() {
  usePageMeta('articles.meta.title', 'articles.meta.description');
  const intl = useIntl();
  const query = new URLSearchParams(useSearch());
  const urlSearch = cleanSearch(query.get('search'));
  const urlPage = pageFromQuery(query.get('page'));
  const [, navigate] = useLocation();
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.articles, navigate));
  const articles = useScreenActor(logic, {
    input: { page: urlPage, search: urlSearch },
    inspect: overrides.inspect,
  });
  const loading = useSelector(articles, (s) => s.hasTag('step:loading'));
  const failed = useSelector(articles, (s) => s.hasTag('step:failed'));
  const empty = useSelector(articles, (s) => s.hasTag('step:empty'));
  const noResults = useSelector(articles, (s) => s.hasTag('step:noResults'));
  const ready = useSelector(articles, (s) => s.hasTag('step:ready'));
  const { data, page, search, draft } = useSelector(articles, (s) => s.context);

  // the address leads: Back, Forward and links change the search and the page
  useEffect(() => {
    articles.send({ type: 'articles.address', search: urlSearch, page: urlPage });
  }, [urlSearch, urlPage, articles]);

  useLocaleChange(() => articles.send({ type: 'articles.localeChanged' }));

  const goTo = (next: number) => {
    navigate(articlesHref(search, next));
    document.getElementById('articles-results-heading')?.focus();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    articles.send({ type: 'articles.submit' });
  };
  const clear = () => {
    articles.send({ type: 'articles.type', value: '' });
    articles.send({ type: 'articles.submit' });
    document.getElementById('articles-search')?.focus();
  };

  // one polite announcement of what the list now holds
  let status = '';
  if (loading) status = intl.formatMessage({ id: 'articles.list.loading' });
  else if (ready && data)
    status = data.search
      ? intl.formatMessage({ id: 'articles.list.found' }, { count: data.total, search: data.search })
      : intl.formatMessage({ id: 'articles.list.count' }, { count: data.total });
  else if (noResults && data)
    status = intl.formatMessage({ id: 'articles.noResults.title' }, { search: data.search });

  const totalPages = data?.totalPages ?? 0;
  return (
    <div className={pageColumn()}>
      <PageHeader titleId="articles.list.title" introId="articles.list.intro">
        <Disclaimer />
      </PageHeader>

      <search className={css({ display: 'block', mb: { base: '6', md: '8' }, maxWidth: '2xl' })}>
        <form onSubmit={submit}>
          <Field.Root ids={{ control: 'articles-search' }}>
            <Field.Label>
              <FormattedMessage id="articles.search.label" />
            </Field.Label>
            <div className={searchRow}>
              <Field.Input
                type="search"
                name="search"
                enterKeyHint="search"
                autoComplete="off"
                spellCheck={false}
                maxLength={ARTICLE_SEARCH_MAX}
                value={draft}
                onChange={(e) => articles.send({ type: 'articles.type', value: e.target.value })}
                className={css({ flex: '1 1 12rem', minWidth: '0' })}
              />
              <div className={css({ display: 'flex', gap: '2' })}>
                <Button type="submit">
                  <SearchIcon aria-hidden="true" />
                  <FormattedMessage id="articles.search.submit" />
                </Button>
                {(draft || search) && (
                  <Button type="button" variant="outline" onClick={clear}>
                    <FormattedMessage id="articles.search.clear" />
                  </Button>
                )}
              </div>
            </div>
            <Field.HelperText>
              <FormattedMessage id="articles.search.hint" />
            </Field.HelperText>
          </Field.Root>
        </form>
      </search>

      <p role="status" className={css({ srOnly: true })} data-testid="articles-status">
        {status}
      </p>

      <section aria-labelledby="articles-results-heading" aria-busy={loading} data-testid="articles">
        <h2 id="articles-results-heading" tabIndex={-1} className={css({ srOnly: true })}>
          {status || intl.formatMessage({ id: 'articles.list.title' })}
        </h2>
        {loading && (
          <LoadingState
            label={<FormattedMessage id="articles.list.loading" />}
            data-testid="articles-loading"
          >
            <ul className={articleGrid}>
              {[0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i}>
                  <ArticleCardSkeleton />
                </li>
              ))}
            </ul>
          </LoadingState>
        )}

        {failed && (
          <Notice
            data-testid="articles-error"
            title={<FormattedMessage id="articles.list.error" />}
            actions={<RetryButton onClick={() => articles.send({ type: 'articles.retry' })} />}
          />
        )}

        {empty && (
          <div data-testid="articles-empty" className={panel({ padding: 'none' })}>
            <EmptyState
              icon={<BookIcon />}
              title={<FormattedMessage id="articles.empty.title" />}
              description={<FormattedMessage id={page > 1 ? 'articles.empty.body' : 'articles.empty.none'} />}
              action={
                page > 1 ? (
                  <LinkButton href={articlesHref(search)} variant="outline">
                    <FormattedMessage id="articles.empty.firstPage" />
                  </LinkButton>
                ) : undefined
              }
            />
          </div>
        )}

        {noResults && data && (
          <div data-testid="articles-no-results" className={panel({ padding: 'none' })}>
            <EmptyState
              icon={<SearchIcon />}
              title={<FormattedMessage id="articles.noResults.title" values={{ search: data.search }} />}
              description={<FormattedMessage id="articles.noResults.body" />}
              action={
                <div className={stack({ alignItems: 'center', gap: '4' })}>
                  <ul className={css({ display: 'grid', gap: '1', justifyItems: 'center' })}>
                    {data.suggestions.map((c) => (
                      <li key={c.id}>
                        <Link href={`/courses/${encodeURIComponent(c.id)}`} className={courseLink}>
                          {c.title}
                          <ArrowEndIcon aria-hidden="true" />
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <LinkButton href="/articles" variant="outline">
                    <FormattedMessage id="articles.noResults.all" />
                  </LinkButton>
                </div>
              }
            />
          </div>
        )}

        {ready && data && (
          <ul className={articleGrid} data-testid="articles-list">
            {data.items.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} headingLevel="h3" />
              </li>
            ))}
          </ul>
        )}

        {(ready || loading) && totalPages > 1 && data && (
          <div className={css({ mt: { base: '8', md: '10' } })}>
            <LearningPager labelId="articles.list.pages" of={data} page={page} onPage={goTo} />
          </div>
        )}
      </section>
    </div>
  );
}
