import { useIntl } from 'react-intl';
import { Pager } from '../../components/pagination';

/** The learning screens' pager (courses, a course's reviews), its names in her language. */
export function LearningPager(props: {
  /** The pager's own name ("Course pages", "Review pages"). */
  labelId: string;
  count: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  return (
    <Pager
      count={props.count}
      pageSize={props.pageSize}
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
