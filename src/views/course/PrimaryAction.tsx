import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { useCourseLifecycle } from '../../app/actors';
import { Button } from '../../components/button';
import { LinkButton } from '../../components/link-button';
import { Notice } from '../../components/notice';
import { CartIcon, CheckIcon } from '../../theme/icons';
import {
  type CourseStatus,
  completePath,
  learnPath,
  lessonPath,
  quizPath,
  useCourseActor,
  useMemberId,
} from './useCourse';

const hint = css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' });

const inCartBox = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  minHeight: '12',
  px: '4',
  borderRadius: 'lg',
  bg: 'success.subtle',
  color: 'success.fg',
  fontWeight: '600',
  borderWidth: '1px',
  borderColor: 'success.border',
  '& svg': { width: '5', height: '5' },
});

/** The action, with what is below it (an error, a hint) in a column. */
function WithHint({ children, hintText }: { children: ReactNode; hintText?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      {children}
      {hintText && <p className={hint}>{hintText}</p>}
    </div>
  );
}

/** One primary action per lifecycle state. */
export function PrimaryAction({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  switch (status) {
    case 'notEnrolled':
      return course.isFree ? <EnrolFree /> : <AddToCart />;
    case 'preQuiz':
      return (
        <WithHint
          hintText={
            <FormattedMessage
              id="learning.course.action.preQuizHint"
              values={{ count: course.questionCounts.pre }}
            />
          }
        >
          <Go href={quizPath(course.id, 'pre')} labelId="learning.course.action.preQuiz" />
        </WithHint>
      );
    case 'learning':
      return <Continue course={course} />;
    case 'postQuiz':
      return <Go href={quizPath(course.id, 'post')} labelId="learning.course.action.postQuiz" />;
    case 'completed':
      return (
        <LinkButton
          href={completePath(course.id)}
          size="lg"
          fullWidth
          variant="outline"
          data-testid="primary-action"
        >
          <CheckIcon />
          <FormattedMessage id="learning.course.action.completed" />
        </LinkButton>
      );
    default:
      return null;
  }
}

function Go({ href, labelId }: { href: string; labelId: string }) {
  return (
    <LinkButton href={href} size="lg" fullWidth data-testid="primary-action">
      <FormattedMessage id={labelId} />
    </LinkButton>
  );
}

function EnrolFree() {
  const actor = useCourseActor();
  const enrolling = useCourseLifecycle((s) => s.hasTag('busy:enrolling'));
  const enrolError = useCourseLifecycle((s) => s.context.error?.code === 'ENROL_FAILED');
  const signedIn = useMemberId() != null;
  return (
    <WithHint hintText={!signedIn && <FormattedMessage id="learning.course.action.signInHint" />}>
      <Button
        size="lg"
        fullWidth
        loading={enrolling}
        onClick={() => actor.send({ type: 'course.enrol' })}
        data-testid="primary-action"
      >
        <FormattedMessage id="learning.course.action.enrolFree" />
      </Button>
      {enrolError && <Notice description={<FormattedMessage id="learning.errors.ENROL_FAILED" />} />}
    </WithHint>
  );
}

function AddToCart() {
  const actor = useCourseActor();
  const inCart = useCourseLifecycle((s) => s.hasTag('cart:in'));
  return inCart ? (
    <WithHint hintText={<FormattedMessage id="learning.course.action.inCartHint" />}>
      <p role="status" className={inCartBox} data-testid="primary-action">
        <CheckIcon />
        <FormattedMessage id="learning.course.action.inCart" />
      </p>
      <LinkButton href="/cart" size="lg" fullWidth variant="outline" data-testid="go-to-cart">
        <CartIcon />
        <FormattedMessage id="learning.course.action.goToCart" />
      </LinkButton>
    </WithHint>
  ) : (
    <Button
      size="lg"
      fullWidth
      onClick={() => actor.send({ type: 'course.addToCart' })}
      data-testid="primary-action"
    >
      <CartIcon />
      <FormattedMessage id="learning.course.action.addToCart" />
    </Button>
  );
}

function Continue({ course }: { course: MemberCourseDetail }) {
  const intl = useIntl();
  const next = course.progress?.nextLessonId;
  return (
    <WithHint
      hintText={intl.formatMessage(
        { id: 'learning.course.lessonsDone' },
        { done: course.progress?.done ?? 0, total: course.progress?.total ?? course.lessons.length },
      )}
    >
      <Go
        href={next ? lessonPath(course.id, next) : learnPath(course.id)}
        labelId="learning.course.action.continue"
      />
    </WithHint>
  );
}
