import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { AccountProfile } from '../../../contract/account-settings';
import type { accountSettingsMachine } from '../../../machines/accountSettings';
import { devicesMachine } from '../../../machines/devices';
import { discreetDocumentsMachine } from '../../../machines/discreetDocuments';
import { pinChangeMachine } from '../../../machines/pinChange';
import { profileSettingsMachine } from '../../../machines/profileSettings';
import { securityAnswersMachine } from '../../../machines/securityAnswers';
import {
  changePin,
  loadDevices,
  saveDiscreetDocuments,
  saveProfile,
  saveSecurityAnswers,
  signOutDevice,
  signOutOthers,
} from '../../api/settings';
import { type SystemActors, useScreenOverrides, useSystemActor } from '../../app/actors';
import { createFlow, useFlowActor } from '../../app/flow';
import { SettingsFlow } from './useSettings';

/**
 * The sections' own actors (issue 25): each section's machine with the real API actors of
 * src/api/settings.ts, what it tells the page's loader (a saved profile, saved questions), and the
 * tests' stubs on top (<RootProvider screens={…}>). Each section reaches its actor through its flow.
 */
export const ProfileFlow = createFlow<typeof profileSettingsMachine>('ProfileFlow');
export const DocumentsFlow = createFlow<typeof discreetDocumentsMachine>('DocumentsFlow');
export const PinFlow = createFlow<typeof pinChangeMachine>('PinFlow');
export const AnswersFlow = createFlow<typeof securityAnswersMachine>('AnswersFlow');
export const DevicesFlow = createFlow<typeof devicesMachine>('DevicesFlow');

type Page = ActorRefFrom<typeof accountSettingsMachine>;

/**
 * A saved profile: the page's loader holds it (the other sections read it), and the session's
 * member takes her new avatar (the header shows it at once, and `userData` keeps it).
 */
const toPage = (page: Page, session: SystemActors['session']) => ({
  profileSaved: (_: unknown, p: { profile: AccountProfile }) => {
    page.send({ type: 'settings.profileSaved', profile: p.profile });
    const user = session.getSnapshot().context.user;
    const avatar = page.getSnapshot().context.data?.avatars.find((a) => a.id === p.profile.avatarId);
    if (user && avatar && user.avatar?.id !== avatar.id)
      session.send({ type: 'session.updateUser', user: { ...user, avatar } });
  },
});

export function useProfileActor(profile: AccountProfile) {
  const page = useFlowActor(SettingsFlow);
  const session = useSystemActor('session');
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = profileSettingsMachine.provide({ actors: { saveProfile }, actions: toPage(page, session) });
    return overrides.profileSettings ? real.provide(overrides.profileSettings) : real;
  });
  return useActorRef(logic, { input: { profile }, inspect: overrides.inspect });
}

export function useDocumentsActor(discreetDocuments: boolean) {
  const page = useFlowActor(SettingsFlow);
  const session = useSystemActor('session');
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = discreetDocumentsMachine.provide({
      actors: { savePreference: saveDiscreetDocuments },
      actions: toPage(page, session),
    });
    return overrides.discreetDocuments ? real.provide(overrides.discreetDocuments) : real;
  });
  return useActorRef(logic, { input: { discreetDocuments }, inspect: overrides.inspect });
}

export function usePinActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = pinChangeMachine.provide({ actors: { changePin } });
    return overrides.pinChange ? real.provide(overrides.pinChange) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

export function useAnswersActor(questionIds: string[]) {
  const page = useFlowActor(SettingsFlow);
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = securityAnswersMachine.provide({
      actors: { saveAnswers: saveSecurityAnswers },
      actions: {
        questionsSaved: (_, p) => page.send({ type: 'settings.questionsSaved', questionIds: p.questionIds }),
      },
    });
    return overrides.securityAnswers ? real.provide(overrides.securityAnswers) : real;
  });
  return useActorRef(logic, { input: { questionIds }, inspect: overrides.inspect });
}

export function useDevicesActor() {
  const overrides = useScreenOverrides();
  const [logic] = useState(() => {
    const real = devicesMachine.provide({ actors: { loadDevices, signOutDevice, signOutOthers } });
    return overrides.devices ? real.provide(overrides.devices) : real;
  });
  return useActorRef(logic, { inspect: overrides.inspect });
}

declare module '../../app/actors' {
  interface ScreenOverrides {
    profileSettings?: Parameters<typeof profileSettingsMachine.provide>[0];
    discreetDocuments?: Parameters<typeof discreetDocumentsMachine.provide>[0];
    pinChange?: Parameters<typeof pinChangeMachine.provide>[0];
    securityAnswers?: Parameters<typeof securityAnswersMachine.provide>[0];
    devices?: Parameters<typeof devicesMachine.provide>[0];
  }
}
