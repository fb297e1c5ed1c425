import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { accountSettingsMachine } from '../../../machines/accountSettings';
import { loadSettings } from '../../api/settings';
import { type ScreenOverrides, useScreenOverrides } from '../../app/actors';
import { createFlow } from '../../app/flow';

export type SettingsActor = ReturnType<typeof useActorRef<typeof accountSettingsMachine>>;

/** The page's loader actor, which every section reaches through `useFlowSelect` / `useFlowSend`. */
export const SettingsFlow = createFlow<typeof accountSettingsMachine>('SettingsFlow');

function createLogic(overrides: ScreenOverrides['accountSettings']) {
  const real = accountSettingsMachine.provide({ actors: { loadSettings } });
  return overrides ? real.provide(overrides) : real;
}

/**
 * The Account Settings page's own loader actor (real actors, the tests' stubs on top), asked again
 * behind the page when the language changes: the questions and avatars come in her language.
 */
export function useSettings(): SettingsActor {
  const intl = useIntl();
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.accountSettings));
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  const locale = useRef(intl.locale);
  useEffect(() => {
    if (locale.current === intl.locale) return;
    locale.current = intl.locale;
    actor.send({ type: 'settings.localeChanged' });
  }, [intl.locale, actor]);
  return actor;
}

declare module '../../app/actors' {
  interface ScreenOverrides {
    accountSettings?: Parameters<typeof accountSettingsMachine.provide>[0];
  }
}
