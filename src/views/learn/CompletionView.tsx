import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import type { MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import { button } from '../../components/button';
import { CheckIcon } from '../../theme/icons';
import { learnPath, quizPath } from '../course/useCourse';
import { type EnrolledStatus, LearnGate } from './LearnGate';
import { ReviewForm } from './ReviewForm';

/** /dashboard/course/:id/complete — what she learned, and her review. */
export default function CompletionView() {
  const { id } = useParams<{ id: string }>();
  return (
    <LearnGate courseId={id}>{(course, status) => <Completion course={course} status={status} />}</LearnGate>
  );
}

const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  p: { base: '5', md: '8' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
});

function Completion({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  const intl = useIntl();
  if (status !== 'completed') {
    return (
      <section className={card} data-testid="completion-not-yet">
        <h2 className={css({ textStyle: 'heading.md' })}>
          <FormattedMessage id="learning.complete.notYet.title" />
        </h2>
        <p className={css({ color: 'fg.muted', textStyle: 'body.md' })}>
          <FormattedMessage id="learning.complete.notYet.body" />
        </p>
        <Link href={learnPath(course.id)} className={`${button()} ${css({ alignSelf: 'flex-start' })}`}>
          <FormattedMessage id="learning.learn.backToLessons" />
        </Link>
      </section>
    );
  }
  const pre = course.quizzes?.pre.lastAttempt ?? null;
  const post = course.quizzes?.post.lastAttempt ?? null;
  const gain = pre && post ? post.correct - pre.correct : null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })} data-testid="completion">
      <section
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          p: { base: '6', md: '10' },
          borderRadius: '2xl',
          bg: 'accent.subtle',
          textAlign: 'center',
          alignItems: 'center',
        })}
        aria-labelledby="completion-title"
      >
        <span
          aria-hidden="true"
          className={css({
            display: 'grid',
            placeItems: 'center',
            boxSize: '16',
            borderRadius: 'full',
            bg: 'success.default',
            color: 'fg.onAccent',
            '& svg': { boxSize: '8' },
          })}
        >
          <CheckIcon />
        </span>
        <h2 id="completion-title" className={css({ textStyle: 'heading.xl', textWrap: 'balance' })}>
          <FormattedMessage id="learning.complete.title" />
        </h2>
        <p className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '60ch' })}>
          <FormattedMessage id="learning.complete.subtitle" values={{ course: course.title }} />
        </p>
        {pre && post ? (
          <div
            role="status"
            className={css({ display: 'flex', flexDirection: 'column', gap: '2', maxWidth: '60ch' })}
          >
            <p className={css({ textStyle: 'heading.sm', color: 'fg.default' })} data-testid="gain-sentence">
              {intl.formatMessage(
                { id: 'learning.complete.gain' },
                { pre: pre.correct, preTotal: pre.total, post: post.correct, postTotal: post.total },
              )}
            </p>
            {gain != null && (
              <p className={css({ color: 'fg.muted', textStyle: 'body.md' })} data-testid="gain-change">
                {gain > 0
                  ? intl.formatMessage({ id: 'learning.complete.gain.up' }, { count: gain })
                  : gain === 0
                    ? intl.formatMessage({ id: 'learning.complete.gain.same' })
                    : intl.formatMessage({ id: 'learning.complete.gain.down' }, { count: -gain })}
              </p>
            )}
          </div>
        ) : post ? (
          <p className={css({ textStyle: 'heading.sm' })} data-testid="gain-sentence">
            {intl.formatMessage(
              { id: 'learning.complete.postOnly' },
              { post: post.correct, postTotal: post.total },
            )}
          </p>
        ) : null}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
          <Link href={quizPath(course.id, 'post')} className={button({ variant: 'outline' })}>
            <FormattedMessage id="learning.complete.seeAnswers" />
          </Link>
          <Link href="/dashboard/test-scores" className={button({ variant: 'ghost' })}>
            <FormattedMessage id="learning.complete.allScores" />
          </Link>
        </div>
      </section>

      {course.outcomes.length > 0 && (
        <section className={card}>
          <h2 className={css({ textStyle: 'heading.sm' })}>
            <FormattedMessage id="learning.complete.outcomes" />
          </h2>
          <ul
            className={css({
              display: 'grid',
              gap: '2.5',
              listStyle: 'none',
              p: '0',
              m: '0',
              '& li': { display: 'flex', gap: '2.5', alignItems: 'flex-start', maxWidth: '70ch' },
              '& svg': { width: '5', height: '5', flexShrink: '0', mt: '0.5', color: 'success.default' },
            })}
          >
            {course.outcomes.map((o) => (
              <li key={o}>
                <CheckIcon />
                <span>{o}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className={card} aria-labelledby="feedback-title">
        <ReviewForm />
      </section>
    </div>
  );
}
