import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StaffMe } from '../../../contract/staff';
import { useFlowActor } from '../../app/flow';
import { Button } from '../../components/button';
import * as Dialog from '../../components/dialog';
import { EnrolFlow, EnrolSteps } from './EnrolSteps';
import { useAddFactorActor } from './staff-actors';
import { useStaffMe } from './staff-me';
import { StaffSessionFlow } from './staff-session';

/** Her other second factor (issue 26): the enrol steps in a dialog, offered while she has one only. */
export function AddFactor() {
  const me = useStaffMe();
  const [open, setOpen] = useState(false);
  if (me.factors.length >= 2) return null;
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button type="button" variant="ghost" size="sm" data-testid="staff-add-factor">
          <FormattedMessage id="staff.layout.addFactor" />
        </Button>
      </Dialog.Trigger>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid="staff-add-factor-dialog">
          <AddFactorBody factors={me.factors} close={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}

function AddFactorBody({ factors, close }: { factors: StaffMe['factors']; close: () => void }) {
  const intl = useIntl();
  const session = useFlowActor(StaffSessionFlow);
  const enrol = useAddFactorActor(factors, (me) => {
    session.send({ type: 'staffSession.updated', me });
    close();
  });
  return (
    <>
      <Dialog.Title>
        <FormattedMessage id="staff.layout.addFactor" />
      </Dialog.Title>
      <EnrolFlow.Provider value={enrol}>
        <EnrolSteps />
      </EnrolFlow.Provider>
      <Dialog.CloseTrigger aria-label={intl.formatMessage({ id: 'staff.common.close' })} />
    </>
  );
}
