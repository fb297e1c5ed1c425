import { useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { ExpertSummary } from '../../../contract/learning';
import { css, cx } from '../../../styled-system/css';
import * as Avatar from '../../components/avatar';
import { panel } from '../../components/panel';
import { inlineLinkStyle } from '../../components/text-link';
import { ArrowEndIcon, LanguagesIcon } from '../../theme/icons';

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
      className={cx(
        panel({ tone: 'strong', padding: 'lg' }),
        css({ display: 'flex', flexDirection: { base: 'column', sm: 'row' }, gap: '5' }),
      )}
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
            {intl.formatMessage(
              { id: 'learning.course.expert.specialty' },
              {
                specialty: intl.messages[`experts.specialty.${expert.specialty}`]
                  ? intl.formatMessage({ id: `experts.specialty.${expert.specialty}` })
                  : expert.specialty,
              },
            )}
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
        <p className={css({ mt: '1' })}>
          <Link
            href={`/experts/${encodeURIComponent(expert.id)}`}
            data-testid="expert-profile-link"
            className={cx(inlineLinkStyle, css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }))}
          >
            {intl.formatMessage({ id: 'learning.course.expert.profile' }, { name: expert.name })}
            <ArrowEndIcon aria-hidden="true" className={css({ boxSize: '4' })} />
          </Link>
        </p>
      </div>
    </section>
  );
}
