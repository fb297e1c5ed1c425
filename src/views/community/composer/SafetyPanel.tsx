import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css } from '../../../../styled-system/css';
import { useSystemActor } from '../../../app/actors';
import { Button } from '../../../components/button';
import { CloseIcon } from '../../../theme/icons';

const box = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  p: '4',
  borderRadius: 'lg',
  borderWidth: '2px',
  borderColor: 'accent.default',
  bg: 'bg.subtle',
});
const list = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  paddingInlineStart: '5',
  listStyle: 'disc',
});
const link = css({ color: 'accent.fg', fontWeight: 'medium', textDecoration: 'underline' });

/**
 * Shown to her at once when what she sent had words of crisis (issue 27): what to do now, the
 * Staying safe page and the site's own Quick exit (the root's `safety` actor, as the safety bar's).
 */
export function SafetyPanel() {
  const intl = useIntl();
  const safety = useSystemActor('safety');
  return (
    <section
      className={box}
      role="alert"
      aria-labelledby="circle-safety-title"
      data-testid="circle-safety-panel"
    >
      <h2 id="circle-safety-title" className={css({ textStyle: 'heading.sm', color: 'accent.fg' })}>
        <FormattedMessage id="community.safety.title" />
      </h2>
      <p>
        <FormattedMessage id="community.safety.body" />
      </p>
      <ul className={list}>
        <li>
          <strong>
            <FormattedMessage id="community.safety.danger" />
          </strong>
        </li>
        <li>
          <Link href="/safeguarding" className={link} data-testid="circle-safety-page">
            <FormattedMessage id="community.safety.page" />
          </Link>
        </li>
        <li>
          <FormattedMessage id="community.safety.exit" />
        </li>
      </ul>
      <div>
        <Button
          type="button"
          size="sm"
          variant="solid"
          onClick={() => safety.send({ type: 'safety.quickExit' })}
          data-testid="circle-safety-exit"
        >
          <CloseIcon />
          {intl.formatMessage({ id: 'safety.quickExit.label' })}
        </Button>
      </div>
    </section>
  );
}
