import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ArticleSummary } from '../../../contract/articles';
import { css } from '../../../styled-system/css';
import * as Card from '../../components/card';
import { cardGrid } from '../../components/card-grid';
import { Skeleton } from '../../components/skeleton';

/** "17 March 2026" / "١٧ مارس ٢٠٢٦": the article's date (a calendar day, so read in UTC). */
export function formatArticleDate(intl: ReturnType<typeof useIntl>, publishedOn: string): string {
  return intl.formatDate(`${publishedOn}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' });
}

/** The topic over an article's title. */
export const topicStyle = Card.eyebrow;

const metaStyle = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '3',
  rowGap: '1',
  color: 'fg.muted',
  textStyle: 'body.sm',
});

/** The date and reading time under an article's title (list, front page and the article itself). */
export function ArticleMeta({
  article,
}: {
  article: Pick<ArticleSummary, 'publishedOn' | 'readingMinutes'>;
}) {
  const intl = useIntl();
  return (
    <p className={metaStyle}>
      <time dateTime={article.publishedOn}>{formatArticleDate(intl, article.publishedOn)}</time>
      <span aria-hidden="true">·</span>
      <span>{intl.formatMessage({ id: 'articles.card.minutes' }, { minutes: article.readingMinutes })}</span>
    </p>
  );
}

/**
 * One article in a list: the whole card is one link to it (the title's link is stretched over
 * it), so it is a single stop for the keyboard and a large target on a phone.
 */
export function ArticleCard({
  article,
  headingLevel = 'h2',
}: {
  article: ArticleSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  const intl = useIntl();
  return (
    <Card.Root interactive className={css({ height: 'full' })} data-testid="article-card">
      <Card.Header className={css({ gap: '2' })}>
        <span className={topicStyle}>{intl.formatMessage({ id: `articles.topic.${article.topic}` })}</span>
        <Card.Title as={headingLevel} className={css({ textStyle: 'heading.sm', textWrap: 'balance' })}>
          <Link href={`/articles/${encodeURIComponent(article.id)}`} className={Card.stretchedLink}>
            {article.title}
          </Link>
        </Card.Title>
      </Card.Header>
      <Card.Body className={css({ gap: '3' })}>
        <p className={css({ color: 'fg.muted', textStyle: 'body.md', lineClamp: '3' })}>{article.summary}</p>
        <ArticleMeta article={article} />
      </Card.Body>
    </Card.Root>
  );
}

/** The card's shape while the list loads. */
export function ArticleCardSkeleton() {
  return (
    <Card.Root className={css({ height: 'full' })} data-testid="article-card-skeleton">
      <Card.Header className={css({ gap: '3' })}>
        <Skeleton className={css({ height: '3', width: '24' })} />
        <Skeleton className={css({ height: '6', width: '4/5' })} />
      </Card.Header>
      <Card.Body className={css({ gap: '2' })}>
        <Skeleton className={css({ height: '4', width: 'full' })} />
        <Skeleton className={css({ height: '4', width: '3/4' })} />
      </Card.Body>
    </Card.Root>
  );
}

/** Cards in a grid: one column on a phone, two, then three. */
export const articleGrid = cardGrid();
