import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ExpertCard as ExpertCardData } from '../../../contract/experts';
import { css } from '../../../styled-system/css';
import * as Card from '../../components/card';
import { cardGrid } from '../../components/card-grid';
import { LoadingState } from '../../components/loading-state';
import { Skeleton } from '../../components/skeleton';
import { LanguagesIcon } from '../../theme/icons';
import { formatMoney } from '../courses/format';
import {
  ExpertAvatar,
  iconText,
  languageList,
  lineIcon,
  ModeChips,
  specialtyCaption,
  specialtyName,
} from './parts';

/**
 * Experts as cards: one card (the directory's and the home page's), the grid they stand in, and
 * their shapes while the list loads.
 */

const cardHeader = css({ flexDirection: 'row', gap: '4', alignItems: 'center' });

/**
 * One expert in the directory (and on the home page): the whole card is one link to her page (her
 * name's link is stretched over it), so it is a single stop for the keyboard and a large target.
 */
export function ExpertCard({
  expert,
  headingLevel = 'h2',
}: {
  expert: ExpertCardData;
  headingLevel?: 'h2' | 'h3';
}) {
  const intl = useIntl();
  const from = formatMoney(intl, expert.fromPrice);
  return (
    <Card.Root interactive className={css({ height: 'full' })} data-testid="expert-card">
      <Card.Header className={cardHeader}>
        <ExpertAvatar avatar={expert.avatar} size="sm" />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
          <Card.Title as={headingLevel} className={css({ textStyle: 'heading.sm' })}>
            <Link href={`/experts/${encodeURIComponent(expert.id)}`} className={Card.stretchedLink}>
              {expert.name}
            </Link>
          </Card.Title>
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>{expert.title}</p>
        </div>
      </Card.Header>
      <Card.Body className={css({ gap: '3' })}>
        <p className={specialtyCaption}>{specialtyName(intl, expert.specialty)}</p>
        <p className={iconText}>
          <LanguagesIcon aria-hidden="true" className={lineIcon} />
          {intl.formatMessage(
            { id: 'experts.card.languages' },
            { languages: languageList(intl, expert.languages) },
          )}
        </p>
        <ModeChips modes={expert.modes} />
      </Card.Body>
      <Card.Footer
        className={css({
          flexDirection: 'column',
          alignItems: 'flex-start',
          gap: '1',
          borderTopWidth: '1px',
          borderColor: 'border.subtle',
          pt: '4',
        })}
      >
        <p
          className={css({ fontWeight: '700', fontSize: 'lg', color: 'fg.default' })}
          data-testid="from-price"
        >
          <span className={css({ srOnly: true })}>
            {intl.formatMessage({ id: 'experts.card.fromLabel' }, { price: from })}
          </span>
          <span aria-hidden="true">{intl.formatMessage({ id: 'experts.card.from' }, { price: from })}</span>
        </p>
        <p className={css({ color: 'success.fg', textStyle: 'body.sm', fontWeight: '600' })}>
          {intl.formatMessage({ id: 'experts.card.discovery' })}
        </p>
      </Card.Footer>
    </Card.Root>
  );
}

/** The card's shape while the list loads. */
function ExpertCardSkeleton() {
  return (
    <Card.Root className={css({ height: 'full' })} data-testid="expert-card-skeleton">
      <Card.Header className={cardHeader}>
        <Skeleton className={css({ width: '14', height: '14', borderRadius: 'full', flexShrink: '0' })} />
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1' })}>
          <Skeleton className={css({ width: '3/4', height: '5' })} />
          <Skeleton className={css({ width: '1/2', height: '4' })} />
        </div>
      </Card.Header>
      <Card.Body>
        <Skeleton className={css({ width: '1/3', height: '4' })} />
        <Skeleton className={css({ width: '2/3', height: '4' })} />
        <Skeleton className={css({ width: '1/2', height: '6' })} />
      </Card.Body>
    </Card.Root>
  );
}

/** Three cards a row on a wide screen (the directory) or four (the home page); two, then one, as it narrows. */
const grids = { 3: cardGrid(), 4: cardGrid({ columns: 4 }) };

/** Experts' cards in their grid, or (`experts` null) `count` of their shapes while they load. */
export function ExpertCards({
  experts,
  columns,
  count = 6,
  headingLevel,
  testId,
}: {
  experts: readonly ExpertCardData[] | null;
  columns: 3 | 4;
  count?: number;
  headingLevel?: 'h2' | 'h3';
  /** `<testId>-list`, or `<testId>-loading` while they load. */
  testId: string;
}) {
  if (!experts)
    return (
      <LoadingState label={<FormattedMessage id="experts.loading" />} data-testid={`${testId}-loading`}>
        <ul className={grids[columns]}>
          {Array.from({ length: count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
            <li key={i}>
              <ExpertCardSkeleton />
            </li>
          ))}
        </ul>
      </LoadingState>
    );
  return (
    <ul className={grids[columns]} data-testid={`${testId}-list`}>
      {experts.map((expert) => (
        <li key={expert.id}>
          <ExpertCard expert={expert} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
