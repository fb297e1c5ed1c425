import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import type { AnyActorRef } from 'xstate';
import type { StaffMe } from '../../../contract/staff';
import { staffSetupMachine } from '../../../machines/staffSetup';
import { staffEnrolMachine } from '../../../machines/staffSetup-enrol';
import { staffSignInMachine } from '../../../machines/staffSignIn';
import {
  checkSetupLink,
  confirmTotpEnrolment,
  enrolPasskey,
  staffPasskeyLogin,
  staffPassword,
  staffSetPassword,
  staffTotpLogin,
  startTotpEnrolment,
} from '../../api/staff-auth';
import { useScreenOverrides } from '../../app/actors';
import type { EnrolRef } from './EnrolSteps';

/**
 * The sign-in screens' actors (issue 26): each machine with the real actors of src/api/staff-auth.ts,
 * the screen's way into the area (`enterArea`), and the tests' stubs on top (<RootProvider screens>).
 */
function enrolLogic(overrides: ReturnType<typeof useScreenOverrides>) {
  const real = staffEnrolMachine.provide({
    actors: { enrolPasskey, startTotp: startTotpEnrolment, confirmTotp: confirmTotpEnrolment },
  });
  return overrides.staffEnrol ? real.provide(overrides.staffEnrol) : real;
}

type EnterArea = (me: StaffMe) => void;

export function useSignInActor(enterArea: EnterArea) {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = staffSignInMachine.provide({
      actors: {
        checkPassword: staffPassword,
        passkeyLogin: staffPasskeyLogin,
        codeLogin: staffTotpLogin,
        staffEnrol: enrolLogic(overrides),
      },
      actions: { enterArea: (_, { me }) => enterArea(me) },
    });
    return overrides.staffSignIn ? real.provide(overrides.staffSignIn) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

export function useSetupActor(token: string, enterArea: EnterArea) {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = staffSetupMachine.provide({
      actors: { checkLink: checkSetupLink, setPassword: staffSetPassword, staffEnrol: enrolLogic(overrides) },
      actions: { enterArea: (_, { me }) => enterArea(me) },
    });
    return overrides.staffSetup ? real.provide(overrides.staffSetup) : real;
  });
  return useActorRef(logic, { input: { token }, inspect: overrides.inspect });
}

/** A signed-in staff member adding her other factor: the enrol steps alone. */
export function useAddFactorActor(factors: StaffMe['factors'], done: EnterArea) {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => enrolLogic(overrides));
  const actor = useActorRef(logic, { input: { factors }, inspect: overrides.inspect });
  useState(() => actor.subscribe({ complete: () => done(actor.getSnapshot().output as StaffMe) }));
  return actor;
}

/** The enrol steps' child actor while its parent runs them (sign-in without a factor, set-up). */
export function useEnrolChild(parent: AnyActorRef): EnrolRef | null {
  return useSelector(parent, (s) => (s.children as { enrol?: EnrolRef }).enrol ?? null);
}

declare module '../../app/actors' {
  interface ScreenOverrides {
    staffSignIn?: Parameters<typeof staffSignInMachine.provide>[0];
    staffSetup?: Parameters<typeof staffSetupMachine.provide>[0];
    staffEnrol?: Parameters<typeof staffEnrolMachine.provide>[0];
  }
}
