import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { articlesMachine } from '../../../machines/articles';
import { LATEST_ARTICLES } from '../../../server/contract/article-rules';
import { css } from '../../../styled-system/css';
import { fetchArticles } from '../../api/articles';
import { type ScreenOverrides, useLanguage, useScreenOverrides, useSystemActor } from '../../app/actors';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { ArrowEndIcon } from '../../theme/icons';
import { ArticleCard, ArticleCardSkeleton, articleGrid } from './ArticleCard';
import { useLocaleChange } from './useLocaleChange';

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
  // the articles' words come with their bundle, asked for here (the front page's own bundle lacks them)
  const language = useSystemActor('language');
  const loaded = useLanguage((s) => s.context.bundles.includes('articles'));
  const idle = useLanguage((s) => s.matches('ready'));
  const failed = useLanguage((s) => s.context.failedBundle === 'articles');
  useEffect(() => {
    if (!loaded && idle && !failed) language.send({ type: 'language.require', bundle: 'articles' });
  }, [loaded, idle, failed, language]);
  return loaded ? <Latest /> : null;
}

function Latest() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.articles));
  const articles = useActorRef(logic, { input: { limit: LATEST_ARTICLES }, inspect: overrides.inspect });
  const loading = useSelector(articles, (s) => s.hasTag('step:loading'));
  const ready = useSelector(articles, (s) => s.hasTag('step:ready'));
  const data = useSelector(articles, (s) => s.context.data);
  useLocaleChange(() => articles.send({ type: 'articles.localeChanged' }));
  if (!loading && !ready) return null;
  return (
    <section
      aria-labelledby="latest-articles"
      aria-busy={loading}
      className={pageColumn({ space: 'md' })}
      data-testid="latest-articles"
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
          <h2 id="latest-articles" className={css({ textStyle: 'heading.lg', color: 'fg.default' })}>
            <FormattedMessage id="articles.latest.title" />
          </h2>
          <p className={css({ color: 'fg.muted', mt: '1' })}>
            <FormattedMessage id="articles.latest.intro" />
          </p>
        </div>
        <LinkButton href="/articles" variant="outline">
          <FormattedMessage id="articles.latest.all" />
          <ArrowEndIcon aria-hidden="true" />
        </LinkButton>
      </div>
      <ul className={articleGrid}>
        {ready && data
          ? data.items.map((a) => (
              <li key={a.id}>
                <ArticleCard article={a} headingLevel="h3" />
              </li>
            ))
          : Array.from({ length: LATEST_ARTICLES }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
              <li key={i}>
                <ArticleCardSkeleton />
              </li>
            ))}
      </ul>
    </section>
  );
}
