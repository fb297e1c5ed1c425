import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { staffEnrolMachine } from '../../../machines/staffSetup-enrol';
import { secretGroups } from '../../../machines/staffSetup-rules';
import { css } from '../../../styled-system/css';
import { createFlow, useFlowSelect, useFlowSend } from '../../app/flow';
import { Button } from '../../components/button';
import { formStack } from '../auth/AuthCard';
import { CodeField, StaffError } from './staff-fields';

export const EnrolFlow = createFlow<typeof staffEnrolMachine>('EnrolFlow');
export type EnrolRef = ActorRefFrom<typeof staffEnrolMachine>;

const STEP_TAGS = ['step:choose', 'step:totp'] as const;

/** The QR code's SVG (drawn by the server) as an image: never put into the page as markup. */
function svgImage(svg: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(svg)) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

/**
 * Setting up a second factor (issue 26), the steps of machines/staffSetup-enrol.ts: the choice of a
 * passkey or an authenticator app, then for the app its QR code, the secret for typing, and a code.
 */
export function EnrolSteps() {
  const totp = useFlowSelect(EnrolFlow, (s) => s.hasTag(STEP_TAGS[1]));
  return totp ? <TotpStep /> : <ChooseStep />;
}

function ChooseStep() {
  const send = useFlowSend(EnrolFlow);
  const c = useFlowSelect(EnrolFlow, (s) => s.context);
  const passkeyBusy = useFlowSelect(EnrolFlow, (s) => s.matches('passkey'));
  const totpBusy = useFlowSelect(EnrolFlow, (s) => s.matches('loadingTotp'));
  return (
    <div className={formStack} data-testid="staff-enrol-choose">
      <p>
        <FormattedMessage id="staff.auth.enrol.intro" />
      </p>
      <StaffError error={c.error} testId="staff-enrol-error" />
      {!c.factors.includes('passkey') && (
        <div className={choice}>
          <Button
            type="button"
            size="lg"
            loading={passkeyBusy}
            disabled={totpBusy}
            onClick={() => send({ type: 'enrol.passkeyChosen' })}
            data-testid="staff-enrol-passkey"
          >
            <FormattedMessage id="staff.auth.enrol.passkey" />
          </Button>
          <p className={hint}>
            <FormattedMessage id="staff.auth.enrol.passkeyHint" />
          </p>
        </div>
      )}
      {!c.factors.includes('totp') && (
        <div className={choice}>
          <Button
            type="button"
            size="lg"
            variant="outline"
            loading={totpBusy}
            disabled={passkeyBusy}
            onClick={() => send({ type: 'enrol.totpChosen' })}
            data-testid="staff-enrol-totp"
          >
            <FormattedMessage id="staff.auth.enrol.totp" />
          </Button>
          <p className={hint}>
            <FormattedMessage id="staff.auth.enrol.totpHint" />
          </p>
        </div>
      )}
    </div>
  );
}

function TotpStep() {
  const intl = useIntl();
  const send = useFlowSend(EnrolFlow);
  const c = useFlowSelect(EnrolFlow, (s) => s.context);
  const busy = useFlowSelect(EnrolFlow, (s) => s.hasTag('busy'));
  const totp = c.totp;
  if (!totp) return null;
  return (
    <form
      noValidate
      className={formStack}
      data-testid="staff-enrol-totp-step"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) send({ type: 'enrol.codeSubmitted' });
      }}
    >
      <p>
        <FormattedMessage id="staff.auth.totp.scan" />
      </p>
      <img
        src={svgImage(totp.qrSvg)}
        alt={intl.formatMessage({ id: 'staff.auth.totp.qrAlt' })}
        width={200}
        height={200}
        className={css({ alignSelf: 'center', bg: 'white', p: '2', borderRadius: 'md' })}
        data-testid="staff-totp-qr"
      />
      <div>
        <p className={hint}>
          <FormattedMessage id="staff.auth.totp.typeInstead" />
        </p>
        <p
          dir="ltr"
          className={css({
            fontFamily: 'mono',
            fontSize: 'lg',
            letterSpacing: 'wider',
            mt: '1',
            wordBreak: 'break-all',
          })}
          data-testid="staff-totp-secret"
        >
          {secretGroups(totp.secret).join(' ')}
        </p>
      </div>
      <StaffError error={c.error} testId="staff-enrol-error" />
      <CodeField
        value={c.code}
        error={c.fieldErrors.code}
        disabled={busy}
        testId="staff-enrol-code"
        onChange={(value) => send({ type: 'enrol.codeChanged', value })}
      />
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button type="submit" size="lg" loading={busy} data-testid="staff-enrol-confirm">
          <FormattedMessage id="staff.auth.totp.confirm" />
        </Button>
        <Button
          type="button"
          size="lg"
          variant="ghost"
          disabled={busy}
          onClick={() => send({ type: 'enrol.back' })}
        >
          <FormattedMessage id="staff.common.back" />
        </Button>
      </div>
    </form>
  );
}

const choice = css({ display: 'grid', gap: '1' });
const hint = css({ textStyle: 'sm', color: 'fg.muted' });
