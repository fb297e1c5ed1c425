import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { expertDayMachine } from '../../../machines/expertDay';
import { expertHoursMachine } from '../../../machines/expertHours';
import { expertProfileMachine } from '../../../machines/expertProfile';
import {
  joinExpertCallActor,
  loadExpertBookingsActor,
  loadExpertHoursActor,
  loadExpertProfileActor,
  markNoShowActor,
  openSealedDetailsActor,
  saveExpertHoursActor,
  submitExpertProfileActor,
} from '../../api/staff-expert';
import { useScreenOverrides } from '../../app/actors';
import { clockActor } from '../../app/clock';
import { createFlow } from '../../app/flow';
import { useLocaleChange } from '../../app/useLocaleChange';

/**
 * The expert portal's three pages (issue 26) and their actors: each page's machine with the real
 * actors of src/api/staff-expert.ts (and the device's clock for her day), the tests' stubs on top
 * (<RootProvider screens={{ expertDay, expertHours, expertProfile }}>). Parts reach them by flow.
 */
export const ExpertDayFlow = createFlow<typeof expertDayMachine>('ExpertDayFlow');
export const ExpertHoursFlow = createFlow<typeof expertHoursMachine>('ExpertHoursFlow');
export const ExpertProfileFlow = createFlow<typeof expertProfileMachine>('ExpertProfileFlow');

/** Her day's actor; the lists are read again in a new language (the offers' titles). */
export function useExpertDayActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = expertDayMachine.provide({
      actors: {
        loadBookings: loadExpertBookingsActor,
        joinCall: joinExpertCallActor,
        openDetails: openSealedDetailsActor,
        markNoShow: markNoShowActor,
        clock: clockActor,
      },
    });
    return overrides.expertDay ? real.provide(overrides.expertDay) : real;
  });
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  useLocaleChange(() => actor.send({ type: 'expertDay.refresh' }));
  return actor;
}

export function useExpertHoursActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = expertHoursMachine.provide({
      actors: { loadHours: loadExpertHoursActor, saveHours: saveExpertHoursActor },
    });
    return overrides.expertHours ? real.provide(overrides.expertHours) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

export function useExpertProfileActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = expertProfileMachine.provide({
      actors: { loadProfile: loadExpertProfileActor, submitProfile: submitExpertProfileActor },
    });
    return overrides.expertProfile ? real.provide(overrides.expertProfile) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

declare module '../../app/actors' {
  interface ScreenOverrides {
    expertDay?: Parameters<typeof expertDayMachine.provide>[0];
    expertHours?: Parameters<typeof expertHoursMachine.provide>[0];
    expertProfile?: Parameters<typeof expertProfileMachine.provide>[0];
  }
}
