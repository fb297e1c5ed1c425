import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { offlineMachine } from '../../../machines/offline';
import { css } from '../../../styled-system/css';
import { useAppActor } from '../../app/actors';
import { useDataSaver, useDataSaverActor } from '../../app/data-saver';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { Switch } from '../../components/switch';
import { SavedCourses } from './SavedCourses';
import { SectionFrame } from './SectionFrame';

export type OfflineRef = ActorRefFrom<typeof offlineMachine>;

const part = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  borderBlockStartWidth: '1px',
  borderColor: 'border.subtle',
  pt: '4',
});
/** A long label wraps on a phone instead of running out of the panel. */
const wrapping = css({ maxWidth: 'full', whiteSpace: 'normal', height: 'auto', minHeight: '10', py: '2' });
const hint = css({ color: 'fg.muted', fontSize: 'sm', lineHeight: 'relaxed', maxWidth: '2xl' });

/**
 * On this device (issue 28): what this browser keeps, none of it on her account. The data saver
 * (root `dataSaver`), the courses saved for offline reading (root `offline`, context.saved) with
 * their sizes, and removing everything saved here after a confirmation. Needs no network, so the
 * page shows it even when her settings could not be loaded.
 */
export function DeviceSection() {
  const offline = useAppActor().system.get('offline') as OfflineRef;
  return (
    <div data-testid="device-section">
      <SectionFrame
        name="device"
        title={<FormattedMessage id="settings.device.title" />}
        intro={<FormattedMessage id="settings.device.intro" />}
      >
        <DataSaverSwitch />
        <div className={part}>
          <SavedCourses offline={offline} />
        </div>
        <div className={part}>
          <WipeDevice offline={offline} />
        </div>
      </SectionFrame>
    </div>
  );
}

function DataSaverSwitch() {
  const actor = useDataSaverActor();
  const on = useDataSaver();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <Switch
        checked={on}
        onCheckedChange={() => actor?.send({ type: 'dataSaver.toggle' })}
        data-testid="data-saver-switch"
      >
        <FormattedMessage id="settings.device.dataSaver" />
      </Switch>
      <p id="data-saver-hint" className={hint}>
        <FormattedMessage id="settings.device.dataSaverHint" />
      </p>
    </div>
  );
}

/** "Remove everything saved on this device", asked once more in an Ark dialog. */
function WipeDevice({ offline }: { offline: OfflineRef }) {
  const [asking, setAsking] = useState(false);
  const waiting = useSelector(offline, (s) => s.context.queue.length);
  const wiping = useSelector(offline, (s) => s.hasTag('wiping'));
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'flex-start' })}>
      <p className={hint}>
        <FormattedMessage id="settings.device.wipeHint" />
      </p>
      <Button
        type="button"
        variant="outline"
        loading={wiping}
        onClick={() => setAsking(true)}
        data-testid="device-wipe"
        className={wrapping}
      >
        <FormattedMessage id="settings.device.wipe" />
      </Button>
      {asking && (
        <AlertDialog
          testId="device-wipe-confirm"
          onClose={() => setAsking(false)}
          title={<FormattedMessage id="settings.device.wipeTitle" />}
          description={<FormattedMessage id="settings.device.wipeBody" />}
          body={
            waiting > 0 ? (
              <p data-testid="device-wipe-waiting" className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
                <FormattedMessage id="settings.device.wipeWaiting" values={{ count: waiting }} />
              </p>
            ) : undefined
          }
        >
          <Dialog.ActionTrigger asChild>
            <Button type="button" variant="outline">
              <FormattedMessage id="settings.device.wipeKeep" />
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="button"
            variant="danger"
            data-testid="device-wipe-confirm-button"
            onClick={() => {
              offline.send({ type: 'offline.wipe' });
              setAsking(false);
            }}
          >
            <FormattedMessage id="settings.device.wipeConfirm" />
          </Button>
        </AlertDialog>
      )}
    </div>
  );
}
