import { lazy, Suspense, useEffect, useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { css, cx } from '../../styled-system/css';
import { Button } from '../components/button';
import { CloseIcon, InfoIcon } from '../theme/icons';
import { useSystemActor } from './actors';
import { setNeutralTitle } from './safety-effects';

const DiscreetSwitch = lazy(() => import('./DiscreetSwitch'));

/** Holds the switch's place (track and label) while its chunk loads, so nothing moves. */
const switchPlaceholder = css({ display: 'inline-block', width: '32', height: '9', flexShrink: 0 });

const strip = css({
  bg: 'bg.subtle',
  borderBottomWidth: '1px',
  borderColor: 'border.subtle',
});
const row = css({
  maxWidth: '6xl',
  mx: 'auto',
  px: { base: '2', sm: '3', md: '6' },
  minHeight: '11',
  display: 'flex',
  alignItems: 'center',
  gap: { base: '1.5', sm: '3', md: '4' },
  fontSize: 'sm',
  color: 'fg.muted',
});
const safeLink = css({
  color: 'accent.fg',
  fontWeight: 'medium',
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  borderRadius: 'xs',
  whiteSpace: 'nowrap',
  minHeight: '9',
  minWidth: '9',
  justifyContent: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  _hover: { textDecorationThickness: '2px' },
});
const shortcut = css({ display: { base: 'none', md: 'inline' }, whiteSpace: 'nowrap' });
const kbd = css({
  display: 'inline-block',
  px: '1',
  mx: '0.5',
  fontFamily: 'mono',
  fontSize: 'xs',
  lineHeight: '1.4',
  bg: 'bg.surface',
  color: 'fg.default',
  borderWidth: '1px',
  borderBottomWidth: '2px',
  borderColor: 'border.emphasized',
  borderRadius: 'sm',
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

/**
 * The safety strip at the top of every page (public site and dashboard): the way to the
 * safeguarding page, the discreet-mode switch and the Quick exit button. Quick exit also answers
 * Shift+Escape and three Escapes in a row (the root listens; machines/safety.ts counts), which the
 * button announces with aria-keyshortcuts and a visually hidden sentence.
 */
export function SafetyBar({ wide = false }: { wide?: boolean }) {
  const intl = useIntl();
  const safety = useSystemActor('safety');
  const hint = useId();
  const neutralTitle = intl.formatMessage({ id: 'safety.discreet.tabTitle' });
  useEffect(() => setNeutralTitle(neutralTitle), [neutralTitle]);
  return (
    <section
      aria-label={intl.formatMessage({ id: 'safety.bar.label' })}
      className={strip}
      data-testid="safety-bar"
    >
      <div className={cx(row, wide && css({ maxWidth: 'none', px: { base: '3', md: '8' } }))}>
        <Link href="/safeguarding" className={safeLink}>
          {/* phones show the icon; the words are still what is read out */}
          <InfoIcon className={css({ boxSize: '5', display: { base: 'inline', sm: 'none' } })} />
          <span className={css({ srOnly: { base: true, sm: false } })}>
            {intl.formatMessage({ id: 'safety.link' })}
          </span>
        </Link>
        <span className={shortcut} aria-hidden="true">
          <FormattedMessage
            id="safety.quickExit.keys"
            values={{ kbd: (chunks) => <kbd className={kbd}>{chunks}</kbd> }}
          />
        </span>
        <span className={css({ flex: 1 })} />
        <Suspense fallback={<span className={switchPlaceholder} aria-hidden="true" />}>
          <DiscreetSwitch />
        </Suspense>
        <Button
          type="button"
          size="sm"
          variant="solid"
          aria-keyshortcuts="Shift+Escape"
          aria-describedby={hint}
          onClick={() => safety.send({ type: 'safety.quickExit' })}
          data-testid="quick-exit"
          className={css({ flexShrink: 0 })}
        >
          <CloseIcon className={css({ display: { base: 'none', sm: 'inline' } })} />
          {intl.formatMessage({ id: 'safety.quickExit.label' })}
        </Button>
        <span id={hint} className={css({ srOnly: true })}>
          {intl.formatMessage({ id: 'safety.quickExit.hint' })}
        </span>
      </div>
    </section>
  );
}
