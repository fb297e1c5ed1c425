import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { css } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { RecoveryCodePanel } from '../settings/RecoveryCodePanel';
import { SignupFlow, stepHeading } from './shared';

/**
 * After the account is made (issue 25): the one time sign-up offers a recovery code, made without
 * her PIN so soon after joining (the same panel as in Account Settings), then Continue takes her in.
 */
export function WelcomeStep() {
  const send = useFlowSend(SignupFlow);
  const busy = useFlowSelect(SignupFlow, (s) => s.hasTag('busy'));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="signup-welcome-title"
      data-testid="signup-welcome"
      className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <h2 id="signup-welcome-title" ref={heading} tabIndex={-1} className={stepHeading}>
          <FormattedMessage id="signup.welcome.title" />
        </h2>
        <p className={css({ color: 'fg.muted' })}>
          <FormattedMessage id="signup.welcome.intro" />
        </p>
      </div>
      <div
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          borderWidth: '1px',
          borderColor: 'border.subtle',
          borderRadius: 'lg',
          bg: 'bg.subtle',
          p: { base: '4', md: '5' },
        })}
      >
        <h3 className={css({ fontWeight: 'semibold' })}>
          <FormattedMessage id="settings.recovery.title" />
        </h3>
        <RecoveryCodePanel active={false} withoutPin />
      </div>
      <Button
        type="button"
        size="lg"
        loading={busy}
        data-testid="signup-enter"
        onClick={() => send({ type: 'signup.enter' })}
      >
        <FormattedMessage id="signup.welcome.enter" />
      </Button>
    </section>
  );
}
