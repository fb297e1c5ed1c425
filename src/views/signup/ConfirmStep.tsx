import { type ReactNode, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { css } from '../../../styled-system/css';
import { srOnly } from '../../../styled-system/recipes';
import { useFlowSelect, useFlowSend } from '../../app/flow';
import * as Checkbox from '../../components/checkbox';
import { fieldMessage } from '../messages';
import { countryName } from './countries';
import { SignupFlow, StepFrame } from './shared';

const linkClass = css({ color: 'accent.fg', fontWeight: 'semibold', textDecoration: 'underline' });

/** What she is about to create: her avatar beside the summary, in a quiet box. */
const summaryBox = css({
  display: 'flex',
  flexDirection: { base: 'column', sm: 'row' },
  gap: '4',
  alignItems: 'start',
  borderWidth: '1px',
  borderColor: 'border.subtle',
  borderRadius: 'lg',
  bg: 'bg.subtle',
  p: { base: '4', md: '5' },
});

/** Step 6: what she is about to create, the two confirmations, and the button that creates it. */
export function ConfirmStep({ focusHeading }: { focusHeading: boolean }) {
  const intl = useIntl();
  const send = useFlowSend(SignupFlow);
  const c = useFlowSelect(SignupFlow, (s) => s.context);
  const submitting = useFlowSelect(SignupFlow, (s) => s.hasTag('busy'));
  const avatar = c.avatars.find((a) => a.id === c.avatarId);
  const country = useMemo(() => countryName(intl.locale, c.country), [intl.locale, c.country]);
  const newTab = (href: string) => (chunks: ReactNode[]) => (
    <a href={href} target="_blank" rel="noopener" className={linkClass}>
      {chunks}
      <span className={srOnly()}> {intl.formatMessage({ id: 'signup.confirm.newTab' })}</span>
    </a>
  );
  const rows: [string, ReactNode][] = [
    ['auth.alias.label', <bdi key="alias">{c.alias.trim()}</bdi>],
    ['signup.profile.country', country],
    ['signup.profile.ageRange', c.ageRange ? intl.formatMessage({ id: `ageRange.${c.ageRange}` }) : ''],
  ];
  if (c.maritalStatus)
    rows.push(['signup.profile.maritalStatus', intl.formatMessage({ id: `marital.${c.maritalStatus}` })]);
  if (c.email.trim()) rows.push(['signup.profile.email', <bdi key="email">{c.email.trim()}</bdi>]);
  if (c.phone.trim()) rows.push(['signup.profile.phone', <bdi key="phone">{c.phone.trim()}</bdi>]);
  return (
    <StepFrame
      step="confirm"
      title={<FormattedMessage id="signup.confirm.title" />}
      focusHeading={focusHeading}
      submitLabel={<FormattedMessage id="signup.confirm.submit" />}
      submitting={submitting}
      submitDisabled={!c.isAdult || !c.acceptTerms}
    >
      <section aria-labelledby="signup-summary-title" className={summaryBox}>
        {avatar && (
          <img
            src={avatar.url}
            alt={avatar.label}
            width={72}
            height={72}
            className={css({ borderRadius: 'full', flexShrink: '0', boxSize: { base: '14', md: '16' } })}
          />
        )}
        <div className={css({ minWidth: '0', flex: '1' })}>
          <h3 id="signup-summary-title" className={css({ fontWeight: 'semibold', mb: '1' })}>
            <FormattedMessage id="signup.confirm.summary" values={{ alias: <bdi>{c.alias.trim()}</bdi> }} />
          </h3>
          <dl
            className={css({
              display: 'grid',
              gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)',
              columnGap: '4',
              rowGap: '1',
              fontSize: 'sm',
              '& dt': { color: 'fg.muted' },
              '& dd': { m: '0', overflowWrap: 'break-word', minWidth: '0' },
            })}
            data-testid="signup-summary"
          >
            {rows.map(([label, value]) => (
              <div key={label} className={css({ display: 'contents' })}>
                <dt>
                  <FormattedMessage id={label} />
                </dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        <Agreement
          testId="confirm-adult"
          checked={c.isAdult}
          error={fieldMessage(intl, c.fieldErrors.isAdult)}
          onChange={(v) => send({ type: 'signup.fieldChanged', field: 'isAdult', value: v })}
        >
          <FormattedMessage id="signup.confirm.adult" />
        </Agreement>
        <Agreement
          testId="confirm-terms"
          checked={c.acceptTerms}
          error={fieldMessage(intl, c.fieldErrors.acceptTerms)}
          onChange={(v) => send({ type: 'signup.fieldChanged', field: 'acceptTerms', value: v })}
        >
          {intl.formatMessage(
            { id: 'signup.confirm.terms' },
            { terms: newTab('/terms'), privacy: newTab('/privacy') },
          )}
        </Agreement>
      </div>
    </StepFrame>
  );
}

function Agreement({
  testId,
  checked,
  error,
  onChange,
  children,
}: {
  testId: string;
  checked: boolean;
  error?: string;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Checkbox.Root
        checked={checked}
        invalid={!!error}
        onCheckedChange={(e) => onChange(e.checked === true)}
        data-testid={testId}
      >
        <Checkbox.Control>
          <Checkbox.Indicator />
        </Checkbox.Control>
        <Checkbox.Label>{children}</Checkbox.Label>
        <Checkbox.HiddenInput />
      </Checkbox.Root>
      {error && <p className={css({ color: 'error.fg', fontSize: 'sm', ms: '8' })}>{error}</p>}
    </div>
  );
}
