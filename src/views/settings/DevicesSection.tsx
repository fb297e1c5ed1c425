import { FormattedMessage, useIntl } from 'react-intl';
import type { Device } from '../../../machines/devices';
import { css, cx } from '../../../styled-system/css';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../messages';
import { DevicesFlow, useDevicesActor } from './actors';
import { SectionFrame } from './SectionFrame';

const STEPS = ['loading', 'failed', 'listed', 'alone'] as const;
const WHEN = { dateStyle: 'medium', timeStyle: 'short' } as const;

/** Devices: the sessions signed in to her account; sign out one, or every other one. */
export function DevicesSection() {
  const actor = useDevicesActor();
  return (
    <DevicesFlow.Provider value={actor}>
      <SectionFrame
        name="devices"
        title={<FormattedMessage id="settings.devices.title" />}
        intro={<FormattedMessage id="settings.devices.intro" />}
      >
        <Devices />
      </SectionFrame>
    </DevicesFlow.Provider>
  );
}

function Devices() {
  const intl = useIntl();
  const send = useFlowSend(DevicesFlow);
  const step = useFlowStep(DevicesFlow, STEPS, 'loading');
  const devices = useFlowSelect(DevicesFlow, (s) => s.context.devices);
  const error = useFlowSelect(DevicesFlow, (s) => s.context.error);
  const signedOut = useFlowSelect(DevicesFlow, (s) => s.context.signedOut);
  const busy = useFlowSelect(DevicesFlow, (s) => s.hasTag('busy'));
  const signingOutOthers = useFlowSelect(DevicesFlow, (s) => s.matches('signingOutOthers'));
  if (step === 'loading')
    return (
      <LoadingState label={<FormattedMessage id="settings.devices.loading" />} data-testid="devices-loading">
        <Skeleton className={css({ height: '16', width: 'full' })} />
      </LoadingState>
    );
  if (step === 'failed')
    return (
      <Notice
        data-testid="devices-load-error"
        title={<FormattedMessage id="settings.devices.loadFailed" />}
        description={error ? errorMessage(intl, error, 'settings.tryLater') : undefined}
        actions={<RetryButton labelId="common.retry" onClick={() => send({ type: 'devices.retry' })} />}
      />
    );
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
      <ul
        className={css({
          display: 'flex',
          flexDirection: 'column',
          gap: '3',
          listStyle: 'none',
          p: '0',
          m: '0',
        })}
      >
        {devices.map((d) => (
          <DeviceRow key={d.id} device={d} disabled={busy} />
        ))}
      </ul>
      {step === 'alone' && (
        <p data-testid="devices-alone" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <FormattedMessage id="settings.devices.alone" />
        </p>
      )}
      {step === 'listed' && (
        <div>
          <Button
            type="button"
            variant="outline"
            loading={signingOutOthers}
            disabled={busy}
            onClick={() => send({ type: 'devices.signOutOthers' })}
            data-testid="devices-sign-out-others"
          >
            <FormattedMessage id="settings.devices.signOutOthers" />
          </Button>
        </div>
      )}
      <p role="status" className={css({ fontSize: 'sm', color: 'success.fg' })} data-testid="devices-status">
        {signedOut != null && (
          <FormattedMessage id="settings.devices.signedOut" values={{ count: signedOut }} />
        )}
      </p>
      {error && step === 'listed' && (
        <Notice
          data-testid="devices-error"
          title={<FormattedMessage id="settings.devices.signOutFailed" />}
          description={errorMessage(intl, error, 'settings.tryLater')}
        />
      )}
      <ConfirmSignOut />
    </div>
  );
}

/** 'This device' beside her device's name: a small pill on the accent's tint. */
const thisDeviceMark = css({
  fontSize: 'xs',
  px: '2',
  borderRadius: 'full',
  bg: 'accent.muted',
  color: 'accent.fg',
  fontWeight: 'medium',
});

/** A device in words: "Chrome on Android", "This device", when it signed in and was last seen. */
function DeviceRow({ device, disabled }: { device: Device; disabled: boolean }) {
  const intl = useIntl();
  const send = useFlowSend(DevicesFlow);
  const target = useFlowSelect(DevicesFlow, (s) => s.context.target);
  const signingOut = useFlowSelect(DevicesFlow, (s) => s.matches('signingOutOne'));
  const name = deviceName(intl, device);
  return (
    <li
      data-testid="device-row"
      data-current={device.current || undefined}
      className={cx(
        panel({ padding: 'sm', tone: device.current ? 'accent' : 'subtle' }),
        css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3',
        }),
      )}
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' })}>
        <p
          className={css({
            fontWeight: 'semibold',
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            alignItems: 'center',
          })}
        >
          <span>{name}</span>
          {device.current && (
            <span data-testid="this-device" className={thisDeviceMark}>
              <FormattedMessage id="settings.devices.thisDevice" />
            </span>
          )}
        </p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <FormattedMessage
            id="settings.devices.signedInAt"
            values={{
              when: <time dateTime={device.signedInAt}>{intl.formatDate(device.signedInAt, WHEN)}</time>,
            }}
          />
        </p>
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <FormattedMessage
            id="settings.devices.lastSeenAt"
            values={{
              when: <time dateTime={device.lastSeenAt}>{intl.formatDate(device.lastSeenAt, WHEN)}</time>,
            }}
          />
        </p>
      </div>
      {!device.current && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={disabled}
          loading={signingOut && target?.kind === 'one' && target.id === device.id}
          aria-label={intl.formatMessage({ id: 'settings.devices.signOutOf' }, { device: name })}
          onClick={() => send({ type: 'devices.signOut', id: device.id })}
        >
          <FormattedMessage id="settings.devices.signOut" />
        </Button>
      )}
    </li>
  );
}

function deviceName(intl: ReturnType<typeof useIntl>, d: Device): string {
  const browser = d.browser ?? intl.formatMessage({ id: 'settings.devices.unknownBrowser' });
  return d.system
    ? intl.formatMessage({ id: 'settings.devices.name' }, { browser, system: d.system })
    : browser;
}

/** The Ark dialog that asks before a device (or every other one) is signed out. */
function ConfirmSignOut() {
  const intl = useIntl();
  const send = useFlowSend(DevicesFlow);
  const confirming = useFlowSelect(DevicesFlow, (s) => s.hasTag('confirming'));
  const target = useFlowSelect(DevicesFlow, (s) => s.context.target);
  const devices = useFlowSelect(DevicesFlow, (s) => s.context.devices);
  if (!confirming || !target) return null;
  const one = target.kind === 'one' ? devices.find((d) => d.id === target.id) : undefined;
  return (
    <AlertDialog
      testId="devices-confirm"
      onClose={() => send({ type: 'devices.cancel' })}
      title={
        one ? (
          <FormattedMessage
            id="settings.devices.confirmOneTitle"
            values={{ device: deviceName(intl, one) }}
          />
        ) : (
          <FormattedMessage id="settings.devices.confirmOthersTitle" />
        )
      }
      description={
        one ? (
          <FormattedMessage id="settings.devices.confirmOne" values={{ device: deviceName(intl, one) }} />
        ) : (
          <FormattedMessage id="settings.devices.confirmOthers" />
        )
      }
    >
      <Dialog.ActionTrigger asChild>
        <Button type="button" variant="outline">
          <FormattedMessage id="settings.devices.keep" />
        </Button>
      </Dialog.ActionTrigger>
      <Button
        type="button"
        onClick={() => send({ type: 'devices.confirm' })}
        data-testid="devices-confirm-button"
      >
        <FormattedMessage id="settings.devices.confirm" />
      </Button>
    </AlertDialog>
  );
}
