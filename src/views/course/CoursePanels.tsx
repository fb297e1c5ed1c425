import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ExpertSummary, MemberCourseDetail } from '../../../server/contract/learning';
import { css } from '../../../styled-system/css';
import * as Avatar from '../../components/avatar';
import {
  CheckCircleFilledIcon,
  CheckIcon,
  CircleIcon,
  LanguagesIcon,
  LockIcon,
  QuizIcon,
} from '../../theme/icons';
import type { CourseStatus } from './useCourse';
import { lessonPath, quizPath } from './useCourse';

const sectionTitle = css({ textStyle: 'heading.sm', color: 'fg.default', mb: '3' });
const prose = css({ textStyle: 'body.md', color: 'fg.default', maxWidth: '70ch', whiteSpace: 'pre-line' });

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className={css({ display: 'flex', flexDirection: 'column' })}>
      <h2 className={sectionTitle}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

const checkList = css({
  display: 'grid',
  gap: '2.5',
  listStyle: 'none',
  p: '0',
  m: '0',
  '& li': { display: 'flex', gap: '2.5', alignItems: 'flex-start', textStyle: 'body.md', maxWidth: '70ch' },
  '& svg': { width: '5', height: '5', flexShrink: '0', mt: '0.5', color: 'success.default' },
});

const bulletList = css({
  display: 'grid',
  gap: '2',
  ps: '5',
  m: '0',
  listStyleType: 'disc',
  '& li': { textStyle: 'body.md', maxWidth: '70ch', ps: '1' },
  '& li::marker': { color: 'accent.fg' },
});

/** About: description, what you will learn, requirements, audience. */
export function AboutPanel({ course }: { course: MemberCourseDetail }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })} data-testid="panel-about">
      <section>
        <h2 className={css({ srOnly: true })}>
          <FormattedMessage id="learning.course.about.description" />
        </h2>
        <p className={prose}>{course.description}</p>
      </section>
      {course.outcomes.length > 0 && (
        <div
          className={css({
            p: { base: '5', md: '6' },
            borderRadius: 'xl',
            bg: 'accent.subtle',
          })}
        >
          <Section titleId="learning.course.about.outcomes">
            <ul className={checkList}>
              {course.outcomes.map((o) => (
                <li key={o}>
                  <CheckIcon />
                  <span>{o}</span>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      )}
      <div
        className={css({ display: 'grid', gap: '8', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}
      >
        {course.requirements.length > 0 && (
          <Section titleId="learning.course.about.requirements">
            <ul className={bulletList}>
              {course.requirements.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </Section>
        )}
        {course.audience.length > 0 && (
          <Section titleId="learning.course.about.audience">
            <ul className={bulletList}>
              {course.audience.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </Section>
        )}
      </div>
    </div>
  );
}

const lessonRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minHeight: '14',
  px: { base: '3', md: '4' },
  py: '3',
  bg: 'bg.surface',
  color: 'fg.default',
  textDecoration: 'none',
  '& svg': { width: '5', height: '5', flexShrink: '0' },
});

const lessonLink = css({
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '2px solid', outlineColor: 'focusRing', outlineOffset: '-2px' },
});

const rowList = css({
  listStyle: 'none',
  p: '0',
  m: '0',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  overflow: 'hidden',
  '& > li + li': { borderTopWidth: '1px', borderColor: 'border.subtle' },
});

const number = css({
  display: 'inline-grid',
  placeItems: 'center',
  width: '8',
  height: '8',
  borderRadius: 'full',
  bg: 'bg.subtle',
  color: 'fg.muted',
  fontSize: 'sm',
  fontWeight: '600',
  flexShrink: '0',
  fontVariantNumeric: 'tabular-nums',
});

/** Content: the lessons in order with their minutes; locked until she is enrolled, ticked when done. */
export function ContentPanel({ course, status }: { course: MemberCourseDetail; status: CourseStatus }) {
  const intl = useIntl();
  const enrolled = !!course.enrolment;
  const canRead = enrolled && status !== 'preQuiz';
  const minutes = (count: number) => intl.formatMessage({ id: 'learning.course.content.minutes' }, { count });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="panel-content">
      <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
        {intl.formatMessage(
          { id: 'learning.course.content.summary' },
          { count: course.lessons.length, minutes: course.lessons.reduce((s, l) => s + l.minutes, 0) },
        )}
      </p>
      <ol className={rowList}>
        <QuizRow
          label={intl.formatMessage({ id: 'learning.course.content.preQuiz' })}
          count={course.questionCounts.pre}
          href={status === 'preQuiz' ? quizPath(course.id, 'pre') : null}
        />
        {course.lessons.map((lesson) => {
          const inner = (
            <>
              <span className={number} aria-hidden="true">
                {intl.formatNumber(lesson.position)}
              </span>
              <span className={css({ flex: '1', minWidth: '0', fontWeight: '500' })}>{lesson.title}</span>
              <span className={css({ color: 'fg.muted', textStyle: 'body.sm', whiteSpace: 'nowrap' })}>
                {minutes(lesson.minutes)}
              </span>
              {!enrolled ? (
                <span
                  role="img"
                  aria-label={intl.formatMessage({ id: 'learning.course.content.locked' })}
                  className={css({ color: 'fg.muted', display: 'inline-flex' })}
                >
                  <LockIcon />
                </span>
              ) : lesson.done ? (
                <span
                  role="img"
                  aria-label={intl.formatMessage({ id: 'learning.course.content.done' })}
                  className={css({ color: 'success.default', display: 'inline-flex' })}
                >
                  <CheckCircleFilledIcon />
                </span>
              ) : (
                <span
                  role="img"
                  aria-label={intl.formatMessage({ id: 'learning.course.content.notDone' })}
                  className={css({ color: 'fg.subtle', display: 'inline-flex' })}
                >
                  <CircleIcon />
                </span>
              )}
            </>
          );
          return (
            <li key={lesson.id} data-testid="content-lesson">
              {canRead ? (
                <Link href={lessonPath(course.id, lesson.id)} className={`${lessonRow} ${lessonLink}`}>
                  {inner}
                </Link>
              ) : (
                <div className={lessonRow}>{inner}</div>
              )}
            </li>
          );
        })}
        <QuizRow
          label={intl.formatMessage({ id: 'learning.course.content.postQuiz' })}
          count={course.questionCounts.post}
          href={status === 'postQuiz' || status === 'completed' ? quizPath(course.id, 'post') : null}
        />
      </ol>
      {!enrolled && (
        <p
          className={css({
            display: 'flex',
            gap: '2',
            alignItems: 'center',
            color: 'fg.muted',
            textStyle: 'body.sm',
          })}
        >
          <LockIcon aria-hidden />
          <FormattedMessage id="learning.course.content.lockedHint" />
        </p>
      )}
    </div>
  );
}

function QuizRow({ label, count, href }: { label: string; count: number; href: string | null }) {
  const intl = useIntl();
  const inner = (
    <>
      <span className={number} aria-hidden="true">
        <QuizIcon />
      </span>
      <span className={css({ flex: '1', minWidth: '0', fontWeight: '500' })}>{label}</span>
      <span className={css({ color: 'fg.muted', textStyle: 'body.sm', whiteSpace: 'nowrap' })}>
        {intl.formatMessage({ id: 'learning.course.content.questions' }, { count })}
      </span>
    </>
  );
  return (
    <li className={css({ bg: 'bg.subtle' })}>
      {href ? (
        <Link href={href} className={`${lessonRow} ${lessonLink}`}>
          {inner}
        </Link>
      ) : (
        <div className={lessonRow} style={{ background: 'transparent' }}>
          {inner}
        </div>
      )}
    </li>
  );
}

/** Related consultant: the course's expert. */
export function ExpertPanel({ expert }: { expert: ExpertSummary }) {
  const intl = useIntl();
  const languages = intl.formatList(
    expert.languages.map((code) => {
      try {
        return new Intl.DisplayNames([intl.locale], { type: 'language' }).of(code) ?? code;
      } catch {
        return code;
      }
    }),
    { type: 'conjunction' },
  );
  return (
    <section
      data-testid="panel-expert"
      className={css({
        display: 'flex',
        flexDirection: { base: 'column', sm: 'row' },
        gap: '5',
        p: { base: '5', md: '6' },
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'xl',
        bg: 'bg.surface',
      })}
    >
      <Avatar.Root size="lg" className={css({ width: '20', height: '20', flexShrink: '0' })}>
        <Avatar.Fallback />
        {expert.avatar && <Avatar.Image src={expert.avatar.url} alt="" />}
      </Avatar.Root>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: '0' })}>
        <h2 className={css({ textStyle: 'heading.sm' })}>{expert.name}</h2>
        <p className={css({ color: 'accent.fg', fontWeight: '600' })}>{expert.title}</p>
        {expert.specialty && (
          <p className={css({ color: 'fg.muted', textStyle: 'body.sm' })}>
            {intl.formatMessage({ id: 'learning.course.expert.specialty' }, { specialty: expert.specialty })}
          </p>
        )}
        <p className={css({ textStyle: 'body.md', maxWidth: '65ch' })}>{expert.bio}</p>
        {expert.languages.length > 0 && (
          <p
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              color: 'fg.muted',
              textStyle: 'body.sm',
              '& svg': { width: '4.5', height: '4.5' },
            })}
          >
            <LanguagesIcon />
            {intl.formatMessage({ id: 'learning.course.expert.languages' }, { languages })}
          </p>
        )}
      </div>
    </section>
  );
}
