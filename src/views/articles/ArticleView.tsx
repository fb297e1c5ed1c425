import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { articleMachine } from '../../../machines/articles';
import { css, cx } from '../../../styled-system/css';
import { hstack, stack } from '../../../styled-system/patterns';
import { fetchArticle } from '../../api/articles';
import { Apart } from '../../app/Apart';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { useScreenActor } from '../../app/ssr';
import { useLocaleChange } from '../../app/useLocaleChange';
import { ContentReview } from '../../components/content-review';
import { Disclaimer } from '../../components/disclaimer';
import { EmptyState } from '../../components/empty-state';
import { linkBox } from '../../components/link-box';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { TextLink } from '../../components/text-link';
import { ArrowEndIcon, ArrowStartIcon, BookIcon } from '../../theme/icons';
import { LessonBody } from '../learn/LessonBody';
import { usePageMetaText } from '../site-page/meta';
import { ArticleMeta, topicStyle } from './ArticleCard';

function createLogic(overrides: ScreenOverrides['article']) {
  const real = articleMachine.provide({ actors: { fetchArticle } });
  return overrides ? real.provide(overrides) : real;
}

/** A column a phone reads comfortably and a desktop does not stretch: about 70 characters a line. */
const column = cx(
  stack({ gap: { base: '6', md: '8' } }),
  css({ maxWidth: '46rem', mx: 'auto', px: { base: '4', md: '6' }, py: { base: '6', md: '10' } }),
);

const relatedLink = cx(
  linkBox,
  hstack({ justify: 'space-between', gap: '3' }),
  css({ fontWeight: '600', _hover: { color: 'accent.fg' } }),
);

function BackLink() {
  return (
    <TextLink href="/articles">
      <ArrowStartIcon aria-hidden="true" />
      <FormattedMessage id="articles.article.back" />
    </TextLink>
  );
}

/** One article, /articles/:id: its body, the "education, not medical advice" note and courses to keep learning. */
export default function ArticleView() {
  const intl = useIntl();
  const { id = '' } = useParams<{ id: string }>();
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.article));
  const article = useScreenActor(logic, { input: { id }, inspect: overrides.inspect });
  const loading = useSelector(article, (s) => s.hasTag('step:loading'));
  const failed = useSelector(article, (s) => s.hasTag('step:failed'));
  const notFound = useSelector(article, (s) => s.hasTag('step:notFound'));
  const data = useSelector(article, (s) => s.context.data);

  useEffect(() => {
    article.send({ type: 'article.open', id });
  }, [id, article]);
  useLocaleChange(() => article.send({ type: 'article.localeChanged' }));

  const notFoundTitle = intl.formatMessage({ id: 'articles.article.notFound.title' });
  usePageMetaText(
    data?.title ?? (notFound ? notFoundTitle : null),
    data?.summary ?? intl.formatMessage({ id: 'articles.meta.description' }),
  );

  if (notFound)
    return (
      <div className={column} data-testid="article-not-found">
        <div className={panel({ padding: 'none' })}>
          <EmptyState
            titleAs="h1"
            icon={<BookIcon />}
            title={notFoundTitle}
            description={<FormattedMessage id="articles.article.notFound.body" />}
            action={
              <LinkButton href="/articles">
                <FormattedMessage id="articles.article.back" />
              </LinkButton>
            }
          />
        </div>
      </div>
    );

  return (
    <div className={column}>
      <div>
        <BackLink />
      </div>
      {loading && (
        <LoadingState
          label={<FormattedMessage id="articles.article.loading" />}
          data-testid="article-loading"
        >
          <div className={css({ display: 'grid', gap: '4' })}>
            <Skeleton className={css({ height: '4', width: '28' })} />
            <Skeleton className={css({ height: '10', width: '4/5' })} />
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className={css({ height: '4', width: i % 3 === 2 ? '2/3' : 'full' })} />
            ))}
          </div>
        </LoadingState>
      )}
      {failed && (
        <Notice
          data-testid="article-error"
          title={<FormattedMessage id="articles.article.error" />}
          actions={<RetryButton onClick={() => article.send({ type: 'article.retry' })} />}
        />
      )}
      {data && !loading && !failed && (
        <article data-testid="article" className={stack({ gap: '6' })}>
          <header className={stack({ gap: '3' })}>
            <span className={topicStyle}>{intl.formatMessage({ id: `articles.topic.${data.topic}` })}</span>
            <h1
              className={css({
                fontSize: { base: '1.75rem', md: '2.5rem' },
                fontWeight: '700',
                lineHeight: '1.2',
                color: 'fg.default',
                textWrap: 'balance',
              })}
            >
              {data.title}
            </h1>
            <p className={css({ textStyle: 'body.lg', color: 'fg.muted', textWrap: 'pretty' })}>
              {data.summary}
            </p>
            <ArticleMeta article={data} />
            <Disclaimer boxed />
          </header>
          {/* the body and what follows it hydrated apart from the header (issue 23) */}
          <Apart>
            <LessonBody blocks={data.body} sectionLevel={2} />
          </Apart>
          <Apart>
            <ContentReview review={data.review} />
            {data.relatedCourses.length > 0 && (
              <section
                aria-labelledby="article-related"
                className={cx(panel({ tone: 'accent', padding: 'lg' }), stack({ gap: '3' }))}
                data-testid="article-related"
              >
                <h2 id="article-related" className={css({ textStyle: 'heading.md', color: 'fg.default' })}>
                  <FormattedMessage id="articles.article.related.title" />
                </h2>
                <p className={css({ color: 'fg.muted' })}>
                  <FormattedMessage id="articles.article.related.body" />
                </p>
                <ul className={css({ display: 'grid', gap: '2' })}>
                  {data.relatedCourses.map((c) => (
                    <li key={c.id}>
                      <Link href={`/courses/${encodeURIComponent(c.id)}`} className={relatedLink}>
                        <span>{c.title}</span>
                        <ArrowEndIcon
                          aria-hidden="true"
                          className={css({ boxSize: '4.5', flexShrink: '0', color: 'accent.fg' })}
                        />
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <div className={css({ borderTopWidth: '1px', borderColor: 'border.subtle', pt: '4' })}>
              <BackLink />
            </div>
          </Apart>
        </article>
      )}
    </div>
  );
}
