import { useIntl } from 'react-intl';
import type { PageMeta } from '../../../contract/learning-courses';
import { Pager } from '../../components/pagination';

/** The learning screens' pager (courses, a course's reviews), its names in her language. */
export function LearningPager(props: {
  /** The pager's own name ("Course pages", "Review pages"). */
  labelId: string;
  /** The paged answer shown: how many items in all, and how many a page holds. */
  of: Pick<PageMeta, 'total' | 'limit'>;
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  return (
    <Pager
      count={props.of.total}
      pageSize={props.of.limit}
      page={props.page}
      onPageChange={(e) => props.onPage(e.page)}
      formatNumber={(n) => intl.formatNumber(n)}
      labels={{
        root: intl.formatMessage({ id: props.labelId }),
        prev: intl.formatMessage({ id: 'learning.catalogue.pages.prev' }),
        next: intl.formatMessage({ id: 'learning.catalogue.pages.next' }),
        page: (n, current) =>
          intl.formatMessage(
            { id: current ? 'learning.catalogue.pages.current' : 'learning.catalogue.pages.page' },
            { page: intl.formatNumber(n) },
          ),
      }}
    />
  );
}
