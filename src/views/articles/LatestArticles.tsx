import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { LATEST_ARTICLES } from '../../../contract/article-rules';
import { articlesMachine } from '../../../machines/articles';
import { fetchArticles } from '../../api/articles';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { useMessageBundle } from '../../app/NeedsMessages';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { HomeSection, Placeholders } from '../home/HomeSection';
import { ArticleCard, ArticleCardSkeleton, articleGrid } from './ArticleCard';

function createLogic(overrides: ScreenOverrides['articles']) {
  const real = articlesMachine.provide({ actors: { fetchArticles } });
  return overrides ? real.provide(overrides) : real;
}

/**
 * The front page's "Latest articles": the three newest, and a link to all of them. It loads after
 * the page (its own chunk and the articles' words), so a first visit does not wait for it, and it
 * steps aside if the articles cannot be loaded: the rest of the page does not depend on it.
 */
export default function LatestArticles() {
  // the articles' words come with their bundle, asked for here (the front page's own bundle lacks
  // them); the section steps aside while they load or if they cannot
  const { loaded } = useMessageBundle('articles');
  return loaded ? <Latest /> : null;
}

function Latest() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.articles));
  const articles = useScreenActor(logic, { input: { limit: LATEST_ARTICLES }, inspect: overrides.inspect });
  const loading = useSelector(articles, (s) => s.hasTag('step:loading'));
  const ready = useSelector(articles, (s) => s.hasTag('step:ready'));
  const data = useSelector(articles, (s) => s.context.data);
  useLocaleChange(() => articles.send({ type: 'articles.localeChanged' }));
  if (!loading && !ready) return null;
  return (
    <HomeSection
      id="latest-articles"
      testId="latest-articles"
      busy={loading}
      titleId="articles.latest.title"
      introId="articles.latest.intro"
      allHref="/articles"
      allLabelId="articles.latest.all"
    >
      <ul className={articleGrid}>
        {ready && data ? (
          data.items.map((a) => (
            <li key={a.id}>
              <ArticleCard article={a} headingLevel="h3" />
            </li>
          ))
        ) : (
          <Placeholders count={LATEST_ARTICLES}>
            <ArticleCardSkeleton />
          </Placeholders>
        )}
      </ul>
    </HomeSection>
  );
}
