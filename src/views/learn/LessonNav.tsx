import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { linkBox } from '../../components/link-box';
import { ArrowEndIcon, ArrowStartIcon } from '../../theme/icons';
import { lessonPath } from '../course/useCourse';

type LessonRef = Pick<MemberCourseDetail['lessons'][number], 'id' | 'title'>;

const navLink = cx(
  linkBox,
  stack({ gap: '0.5', minWidth: '0' }),
  css({
    _hover: { bg: 'bg.subtle' },
    '& .dir': {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      color: 'fg.muted',
      textStyle: 'body.sm',
      '& svg': { width: '4', height: '4' },
    },
    '& .title': { fontWeight: '600', overflowWrap: 'anywhere' },
  }),
);

const toNext = css({ textAlign: 'end', '& .dir': { justifyContent: 'flex-end' } });

/** The previous and the next lesson, by title, side by side (one above the other on a phone). */
export function LessonNav({
  courseId,
  prev,
  next,
}: {
  courseId: string;
  prev: LessonRef | null;
  next: LessonRef | null;
}) {
  const intl = useIntl();
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'learning.learn.lessonNav' })}
      className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}
    >
      {prev ? (
        <Link href={lessonPath(courseId, prev.id)} className={navLink} rel="prev">
          <span className="dir">
            <ArrowStartIcon />
            <FormattedMessage id="learning.learn.prev" />
          </span>
          <span className="title">{prev.title}</span>
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      {next && (
        <Link href={lessonPath(courseId, next.id)} className={cx(navLink, toNext)} rel="next">
          <span className="dir">
            <FormattedMessage id="learning.learn.next" />
            <ArrowEndIcon />
          </span>
          <span className="title">{next.title}</span>
        </Link>
      )}
    </nav>
  );
}
