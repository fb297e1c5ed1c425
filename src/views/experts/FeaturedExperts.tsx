import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Notice, RetryButton } from '../../components/notice';
import { HomeSection } from '../home/HomeSection';
import { ExpertCards } from './ExpertCard';
import { useExpertsActor } from './parts';

/** How many experts the home page shows. */
export const FEATURED_COUNT = 4;

/**
 * "Our experts" on the home page: the first experts of the directory (its display order), a link to
 * all of them. While they load, their cards' shapes; if they cannot be read, a short line and Retry;
 * with none published, nothing.
 */
export function FeaturedExperts() {
  const [input] = useState(() => ({}));
  const experts = useExpertsActor(input);
  const loading = useSelector(experts, (s) => s.hasTag('step:loading'));
  const failed = useSelector(experts, (s) => s.hasTag('step:failed'));
  const empty = useSelector(experts, (s) => s.hasTag('step:empty'));
  const list = useSelector(experts, (s) => s.context.list);
  const items = list?.items.slice(0, FEATURED_COUNT) ?? [];
  if (empty) return null;
  return (
    <HomeSection
      id="featured-experts-title"
      testId="featured-experts"
      busy={loading}
      titleId="experts.featured.title"
      introId="experts.featured.body"
      allHref="/experts"
      allLabelId="experts.featured.all"
    >
      {loading && <ExpertCards experts={null} columns={4} count={FEATURED_COUNT} testId="featured-experts" />}
      {failed && (
        <Notice
          data-testid="featured-experts-error"
          title={<FormattedMessage id="experts.featured.error" />}
          actions={
            <RetryButton labelId="experts.retry" onClick={() => experts.send({ type: 'experts.retry' })} />
          }
        />
      )}
      {!loading && !failed && items.length > 0 && (
        <ExpertCards experts={items} columns={4} headingLevel="h3" testId="featured-experts" />
      )}
    </HomeSection>
  );
}
