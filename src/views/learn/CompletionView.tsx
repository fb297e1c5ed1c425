import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'wouter';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { CheckList } from '../../components/check-list';
import { LinkButton } from '../../components/link-button';
import { LinkButtons } from '../../components/link-buttons';
import { panel } from '../../components/panel';
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

const card = cx(panel({ tone: 'strong', padding: 'lg' }), stack({ gap: '4' }));

const hero = cx(
  css(panel.raw({ tone: 'accent', padding: 'none' }), { borderRadius: '2xl', p: { base: '6', md: '10' } }),
  stack({ align: 'center', gap: '4', textAlign: 'center' }),
);

const tick = css({
  display: 'grid',
  placeItems: 'center',
  boxSize: '16',
  borderRadius: 'full',
  bg: 'success.default',
  color: 'fg.onAccent',
  '& svg': { boxSize: '8' },
});

function Completion({ course, status }: { course: MemberCourseDetail; status: EnrolledStatus }) {
  if (status !== 'completed') {
    return (
      <section className={card} data-testid="completion-not-yet">
        <h2 className={css({ textStyle: 'heading.md' })}>
          <FormattedMessage id="learning.complete.notYet.title" />
        </h2>
        <p className={css({ color: 'fg.muted', textStyle: 'body.md' })}>
          <FormattedMessage id="learning.complete.notYet.body" />
        </p>
        <LinkButton href={learnPath(course.id)} className={css({ alignSelf: 'flex-start' })}>
          <FormattedMessage id="learning.learn.backToLessons" />
        </LinkButton>
      </section>
    );
  }
  return (
    <div className={stack({ gap: '6' })} data-testid="completion">
      <section className={hero} aria-labelledby="completion-title">
        <span aria-hidden="true" className={tick}>
          <CheckIcon />
        </span>
        <h2 id="completion-title" className={css({ textStyle: 'heading.xl', textWrap: 'balance' })}>
          <FormattedMessage id="learning.complete.title" />
        </h2>
        <p className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '60ch' })}>
          <FormattedMessage id="learning.complete.subtitle" values={{ course: course.title }} />
        </p>
        <Gain course={course} />
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'center' })}>
          <LinkButtons
            links={[
              [quizPath(course.id, 'post'), 'learning.complete.seeAnswers', 'outline'],
              ['/dashboard/test-scores', 'learning.complete.allScores', 'ghost'],
            ]}
          />
        </div>
      </section>

      {course.outcomes.length > 0 && (
        <section className={card}>
          <h2 className={css({ textStyle: 'heading.sm' })}>
            <FormattedMessage id="learning.complete.outcomes" />
          </h2>
          <CheckList items={course.outcomes} />
        </section>
      )}

      <section className={card} aria-labelledby="feedback-title">
        <ReviewForm />
      </section>
    </div>
  );
}

/** What she knew before and knows now, in words: "You answered 2 of 5 before, and 5 of 5 now." */
function Gain({ course }: { course: MemberCourseDetail }) {
  const intl = useIntl();
  const pre = course.quizzes?.pre.lastAttempt ?? null;
  const post = course.quizzes?.post.lastAttempt ?? null;
  if (!post) return null;
  if (!pre) {
    return (
      <p className={css({ textStyle: 'heading.sm' })} data-testid="gain-sentence">
        {intl.formatMessage(
          { id: 'learning.complete.postOnly' },
          { post: post.correct, postTotal: post.total },
        )}
      </p>
    );
  }
  const gain = post.correct - pre.correct;
  return (
    <div role="status" className={stack({ gap: '2', maxWidth: '60ch' })}>
      <p className={css({ textStyle: 'heading.sm', color: 'fg.default' })} data-testid="gain-sentence">
        {intl.formatMessage(
          { id: 'learning.complete.gain' },
          { pre: pre.correct, preTotal: pre.total, post: post.correct, postTotal: post.total },
        )}
      </p>
      <p className={css({ color: 'fg.muted', textStyle: 'body.md' })} data-testid="gain-change">
        {gain > 0
          ? intl.formatMessage({ id: 'learning.complete.gain.up' }, { count: gain })
          : gain === 0
            ? intl.formatMessage({ id: 'learning.complete.gain.same' })
            : intl.formatMessage({ id: 'learning.complete.gain.down' }, { count: -gain })}
      </p>
    </div>
  );
}
