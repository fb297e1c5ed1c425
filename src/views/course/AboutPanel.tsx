import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MemberCourseDetail } from '../../../contract/learning';
import { css } from '../../../styled-system/css';
import { bulletList, CheckList } from '../../components/check-list';
import { ContentReview } from '../../components/content-review';
import { panel } from '../../components/panel';

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <section className={css({ display: 'flex', flexDirection: 'column' })}>
      <h2 className={css({ textStyle: 'heading.sm', color: 'fg.default', mb: '3' })}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

function Bullets({ titleId, items }: { titleId: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Section titleId={titleId}>
      <ul className={bulletList}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </Section>
  );
}

/** About: description, what you will learn, requirements, audience, and who checked it against what. */
export function AboutPanel({ course }: { course: MemberCourseDetail }) {
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })} data-testid="panel-about">
      <section>
        <h2 className={css({ srOnly: true })}>
          <FormattedMessage id="learning.course.about.description" />
        </h2>
        <p className={css({ textStyle: 'body.md', maxWidth: '70ch', whiteSpace: 'pre-line' })}>
          {course.description}
        </p>
      </section>
      {course.outcomes.length > 0 && (
        <div className={panel({ tone: 'accent', padding: 'lg' })}>
          <Section titleId="learning.course.about.outcomes">
            <CheckList items={course.outcomes} />
          </Section>
        </div>
      )}
      <div
        className={css({ display: 'grid', gap: '8', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } })}
      >
        <Bullets titleId="learning.course.about.requirements" items={course.requirements} />
        <Bullets titleId="learning.course.about.audience" items={course.audience} />
      </div>
      <ContentReview review={course.review} />
    </div>
  );
}
