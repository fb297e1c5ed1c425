import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { courseEvents } from '../../../machines/courseLifecycle';
import type { MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import { emptyState } from '../../../styled-system/recipes';
import { useCourseLifecycle } from '../../app/actors';
import * as Alert from '../../components/alert';
import { Button, button } from '../../components/button';
import { CoursePrice } from '../../components/course-card';
import { Disclaimer } from '../../components/disclaimer';
import * as Progress from '../../components/progress';
import { Skeleton } from '../../components/skeleton';
import { Stars } from '../../components/stars';
import * as Tabs from '../../components/tabs';
import {
  AlertIcon,
  ArrowStartIcon,
  CartIcon,
  CheckIcon,
  ClockIcon,
  InfoIcon,
  LevelIcon,
  ListIcon,
  QuizIcon,
} from '../../theme/icons';
import { formatDuration, formatPercent } from '../courses/format';
import { errorMessage } from '../messages';
import { AboutPanel, ContentPanel, ExpertPanel } from './CoursePanels';
import { ReviewsPanel } from './ReviewsPanel';
import { SyncError } from './SyncError';
import {
  type CourseStatus,
  completePath,
  learnPath,
  lessonPath,
  quizPath,
  useCourseActor,
  useCourseData,
  useCourseNotices,
  useMemberId,
  useOpenCourse,
} from './useCourse';

const page = css({
  maxWidth: '6xl',
  mx: 'auto',
  px: { base: '4', md: '6' },
  py: { base: '6', md: '10' },
});

const layout = css({
  display: 'grid',
  gap: { base: '6', lg: '10' },
  gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem' },
  gridTemplateAreas: { base: '"header" "aside" "tabs"', lg: '"header aside" "tabs aside"' },
  alignItems: 'start',
});

/** The course page (/courses/:id): public, for visitors and members alike. */
export default function CourseView() {
  const { id } = useParams<{ id: string }>();
  const status = useOpenCourse(id);
  useCourseNotices();
  const course = useCourseData();
  const ready = course && course.id === id && !['loading', 'idle', 'failed', 'notFound'].includes(status);

  const intl = useIntl();
  const title = ready ? course.title : null;
  useEffect(() => {
    if (title) document.title = `${title} · ${intl.formatMessage({ id: 'app.name' })}`;
  }, [title, intl]);

  return (
    <div className={page}>
      <Link href="/courses" className={backLink}>
        <ArrowStartIcon />
        <FormattedMessage id="learning.course.back" />
      </Link>
      {status === 'notFound' ? (
        <CourseNotFound />
      ) : status === 'failed' ? (
        <CourseFailed />
      ) : ready ? (
        <CourseBody course={course} status={status} />
      ) : (
        <CourseSkeleton />
      )}
    </div>
  );
}

export const backLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  minHeight: '11',
  mb: '2',
  color: 'accent.fg',
  fontWeight: '500',
  textDecoration: 'none',
  borderRadius: 'sm',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '2px' },
  '& svg': { width: '4.5', height: '4.5' },
});

/** The empty-state look with the page's h1 (not found, failed). */
function PageState(props: { icon: ReactNode; title: ReactNode; description: ReactNode; action: ReactNode }) {
  const classes = emptyState();
  return (
    <div className={classes.root}>
      <span className={classes.icon} aria-hidden>
        {props.icon}
      </span>
      <h1 className={classes.title}>{props.title}</h1>
      <p className={classes.description}>{props.description}</p>
      <div className={classes.action}>{props.action}</div>
    </div>
  );
}

function CourseNotFound() {
  const intl = useIntl();
  useEffect(() => {
    document.title = `${intl.formatMessage({ id: 'learning.course.notFound.title' })} · ${intl.formatMessage({ id: 'app.name' })}`;
  }, [intl]);
  return (
    <div data-testid="course-not-found">
      <PageState
        icon={<InfoIcon />}
        title={<FormattedMessage id="learning.course.notFound.title" />}
        description={<FormattedMessage id="learning.course.notFound.body" />}
        action={
          <Link href="/courses" className={button({ variant: 'solid' })}>
            <FormattedMessage id="learning.common.browseCourses" />
          </Link>
        }
      />
    </div>
  );
}

function CourseFailed() {
  const actor = useCourseActor();
  const intl = useIntl();
  const error = useCourseLifecycle((s) => s.context.error);
  return (
    <div data-testid="course-error" className={css({ py: '10' })}>
      <PageState
        icon={<AlertIcon />}
        title={<FormattedMessage id="learning.course.error.title" />}
        description={
          <span role="alert">
            {error?.code === 'NETWORK_ERROR'
              ? errorMessage(intl, error)
              : intl.formatMessage({ id: 'learning.course.error.body' })}
          </span>
        }
        action={
          <Button onClick={() => actor.send(courseEvents.retry())}>
            <FormattedMessage id="learning.common.retry" />
          </Button>
        }
      />
    </div>
  );
}

function CourseSkeleton() {
  const intl = useIntl();
  return (
    <div className={layout} data-testid="course-loading" aria-busy="true">
      <span role="status" className={css({ srOnly: true })}>
        {intl.formatMessage({ id: 'learning.course.loading' })}
      </span>
      <div className={css({ gridArea: 'header', display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Skeleton className={css({ width: '28', height: '5' })} />
        <Skeleton className={css({ width: '4/5', height: '10' })} />
        <Skeleton className={css({ width: 'full', height: '5' })} />
        <Skeleton className={css({ width: '2/3', height: '5' })} />
      </div>
      <div className={css({ gridArea: 'aside' })}>
        <Skeleton className={css({ width: 'full', height: '64', borderRadius: 'xl' })} />
      </div>
      <div className={css({ gridArea: 'tabs', display: 'flex', flexDirection: 'column', gap: '3' })}>
        <Skeleton className={css({ width: 'full', height: '11' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: 'full', height: '4' })} />
        <Skeleton className={css({ width: '3/4', height: '4' })} />
      </div>
    </div>
  );
}

const metaList = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '5',
  rowGap: '2',
  listStyle: 'none',
  p: '0',
  m: '0',
  color: 'fg.muted',
  textStyle: 'body.sm',
  '& li': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
  '& svg': { width: '4.5', height: '4.5', flexShrink: '0' },
});

function CourseBody({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const average = course.rating.average ?? 0;
  const syncError = useCourseLifecycle((s) =>
    s.context.error && s.context.error.code !== 'ENROL_FAILED' ? s.context.error : null,
  );
  return (
    <div className={layout} data-testid="course-page" data-status={status}>
      <header className={css({ gridArea: 'header', display: 'flex', flexDirection: 'column', gap: '4' })}>
        <span className={levelPill}>{intl.formatMessage({ id: `learning.card.level.${course.level}` })}</span>
        <h1 className={css({ textStyle: 'display', color: 'fg.default', textWrap: 'balance' })}>
          {course.title}
        </h1>
        <p className={css({ textStyle: 'body.lg', color: 'fg.muted', maxWidth: '65ch' })}>{course.summary}</p>
        <ul className={metaList}>
          <li>
            {course.rating.count > 0 ? (
              <Stars
                value={average}
                label={intl.formatMessage(
                  { id: 'learning.card.rating' },
                  { average: intl.formatNumber(average, { maximumFractionDigits: 1 }) },
                )}
              >
                {intl.formatNumber(average, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} (
                {intl.formatMessage({ id: 'learning.card.reviews' }, { count: course.rating.count })})
              </Stars>
            ) : (
              intl.formatMessage({ id: 'learning.card.reviews' }, { count: 0 })
            )}
          </li>
          <li>
            <ClockIcon />
            {formatDuration(intl, course.durationMinutes)}
          </li>
          <li>
            <ListIcon />
            {intl.formatMessage({ id: 'learning.card.lessons' }, { count: course.lessons.length })}
          </li>
        </ul>
        <Disclaimer boxed />
        {syncError && <SyncError error={syncError} />}
      </header>

      <aside
        className={css({ gridArea: 'aside', position: { lg: 'sticky' }, top: { lg: '24' } })}
        aria-label={intl.formatMessage({ id: 'learning.course.aside' })}
      >
        <ActionCard course={course} status={status} />
      </aside>

      <div className={css({ gridArea: 'tabs', minWidth: '0' })}>
        <Tabs.Root defaultValue="about" lazyMount>
          <Tabs.List aria-label={intl.formatMessage({ id: 'learning.course.tabs.label' })}>
            <Tabs.Trigger value="about">
              <FormattedMessage id="learning.course.tabs.about" />
            </Tabs.Trigger>
            <Tabs.Trigger value="content">
              <FormattedMessage id="learning.course.tabs.content" />
            </Tabs.Trigger>
            <Tabs.Trigger value="reviews">
              <FormattedMessage id="learning.course.tabs.reviews" />
            </Tabs.Trigger>
            <Tabs.Trigger value="expert">
              <FormattedMessage id="learning.course.tabs.expert" />
            </Tabs.Trigger>
            <Tabs.Indicator />
          </Tabs.List>
          <Tabs.Content value="about">
            <AboutPanel course={course} />
          </Tabs.Content>
          <Tabs.Content value="content">
            <ContentPanel course={course} status={status} />
          </Tabs.Content>
          <Tabs.Content value="reviews">
            <ReviewsPanel />
          </Tabs.Content>
          <Tabs.Content value="expert">
            <ExpertPanel expert={course.expert} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}

const levelPill = css({
  alignSelf: 'flex-start',
  px: '3',
  py: '1',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.fg',
  fontSize: 'sm',
  fontWeight: '600',
});

const actionCard = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '5',
  p: { base: '5', md: '6' },
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  boxShadow: 'sm',
});

const facts = css({
  display: 'grid',
  gap: '3',
  listStyle: 'none',
  p: '0',
  m: '0',
  pt: '4',
  borderTopWidth: '1px',
  borderColor: 'border.subtle',
  textStyle: 'body.sm',
  '& li': { display: 'flex', alignItems: 'center', gap: '2.5', color: 'fg.default' },
  '& svg': { width: '5', height: '5', color: 'fg.muted', flexShrink: '0' },
  '& dt, & .fact-label': { color: 'fg.muted' },
});

function ActionCard({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const enrolled = !!course.enrolment && !!course.progress;
  return (
    <div className={actionCard} data-testid="action-card">
      {!enrolled && (
        <div className={css({ display: 'flex', alignItems: 'baseline', gap: '2', fontSize: 'xl' })}>
          <CoursePrice course={course} />
        </div>
      )}
      {enrolled && course.progress && (
        <Progress.Root
          value={course.progress.percent}
          translations={{ value: () => formatPercent(intl, course.progress!.percent) }}
        >
          <Progress.Label>
            {intl.formatMessage({ id: `learning.status.${course.progress.status}` })}
          </Progress.Label>
          <Progress.ValueText>{formatPercent(intl, course.progress.percent)}</Progress.ValueText>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <PrimaryAction course={course} status={status} />
      <ul className={facts}>
        <li>
          <ClockIcon />
          <span className="fact-label">
            <FormattedMessage id="learning.course.facts.duration" />
          </span>
          <span className={css({ marginInlineStart: 'auto', fontWeight: '600' })}>
            {formatDuration(intl, course.durationMinutes)}
          </span>
        </li>
        <li>
          <LevelIcon />
          <span className="fact-label">
            <FormattedMessage id="learning.course.facts.level" />
          </span>
          <span className={css({ marginInlineStart: 'auto', fontWeight: '600' })}>
            {intl.formatMessage({ id: `learning.card.level.${course.level}` })}
          </span>
        </li>
        <li>
          <ListIcon />
          <span className="fact-label">
            <FormattedMessage id="learning.course.facts.lessons" />
          </span>
          <span className={css({ marginInlineStart: 'auto', fontWeight: '600' })}>
            {intl.formatNumber(course.lessons.length)}
          </span>
        </li>
        <li>
          <QuizIcon />
          <span className="fact-label">
            <FormattedMessage id="learning.course.facts.quizzes" />
          </span>
        </li>
      </ul>
    </div>
  );
}

/** One primary action per lifecycle state. */
function PrimaryAction({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const actor = useCourseActor();
  const inCart = useCourseLifecycle((s) => s.hasTag('cart:in'));
  const enrolling = useCourseLifecycle((s) => s.hasTag('busy:enrolling'));
  const enrolError = useCourseLifecycle((s) => s.context.error?.code === 'ENROL_FAILED');
  const signedIn = useMemberId() != null;
  const big = button({ size: 'lg', fullWidth: true });
  const hint = css({ textStyle: 'body.sm', color: 'fg.muted', textAlign: 'center' });

  switch (status) {
    case 'notEnrolled':
      if (course.isFree) {
        return (
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
            <Button
              size="lg"
              fullWidth
              loading={enrolling}
              onClick={() => actor.send(courseEvents.enrol())}
              data-testid="primary-action"
            >
              <FormattedMessage id="learning.course.action.enrolFree" />
            </Button>
            {enrolError && (
              <Alert.Root status="error" role="alert">
                <Alert.Icon />
                <Alert.Content>
                  <Alert.Description>
                    <FormattedMessage id="learning.errors.ENROL_FAILED" />
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            {!signedIn && (
              <p className={hint}>
                <FormattedMessage id="learning.course.action.signInHint" />
              </p>
            )}
          </div>
        );
      }
      return inCart ? (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <p role="status" className={inCartBox} data-testid="primary-action">
            <CheckIcon />
            <FormattedMessage id="learning.course.action.inCart" />
          </p>
          <p className={hint}>
            <FormattedMessage id="learning.course.action.inCartHint" />
          </p>
        </div>
      ) : (
        <Button
          size="lg"
          fullWidth
          onClick={() => actor.send(courseEvents.addToCart())}
          data-testid="primary-action"
        >
          <CartIcon />
          <FormattedMessage id="learning.course.action.addToCart" />
        </Button>
      );
    case 'preQuiz':
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Link href={quizPath(course.id, 'pre')} className={big} data-testid="primary-action">
            <FormattedMessage id="learning.course.action.preQuiz" />
          </Link>
          <p className={hint}>
            <FormattedMessage
              id="learning.course.action.preQuizHint"
              values={{ count: course.questionCounts.pre }}
            />
          </p>
        </div>
      );
    case 'learning':
      return (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
          <Link
            href={
              course.progress?.nextLessonId
                ? lessonPath(course.id, course.progress.nextLessonId)
                : learnPath(course.id)
            }
            className={big}
            data-testid="primary-action"
          >
            <FormattedMessage id="learning.course.action.continue" />
          </Link>
          <p className={hint}>
            {intl.formatMessage(
              { id: 'learning.course.lessonsDone' },
              { done: course.progress?.done ?? 0, total: course.progress?.total ?? course.lessons.length },
            )}
          </p>
        </div>
      );
    case 'postQuiz':
      return (
        <Link href={quizPath(course.id, 'post')} className={big} data-testid="primary-action">
          <FormattedMessage id="learning.course.action.postQuiz" />
        </Link>
      );
    case 'completed':
      return (
        <Link
          href={completePath(course.id)}
          className={button({ size: 'lg', fullWidth: true, variant: 'outline' })}
          data-testid="primary-action"
        >
          <CheckIcon />
          <FormattedMessage id="learning.course.action.completed" />
        </Link>
      );
    default:
      return null;
  }
}

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
