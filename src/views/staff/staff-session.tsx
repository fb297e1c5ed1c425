import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { staffSessionMachine } from '../../../machines/staffSession';
import type { Locale } from '../../../machines/types';
import { loadStaffMe, saveStaffLanguage, staffLogout } from '../../api/staff-auth';
import { setStaffLanguage, setStaffUnauthorizedHandler } from '../../api/staff-client';
import { useScreenOverrides, useSystemActor } from '../../app/actors';
import { createFlow } from '../../app/flow';

/**
 * The staff area's session actor (issue 26): made by StaffArea (never by the root, so the member
 * app carries none of it), with the real actors of src/api/staff-auth.ts, the client's 401 handler
 * pointed at it, and her saved language applied through the root language actor.
 */
export const StaffSessionFlow = createFlow<typeof staffSessionMachine>('StaffSessionFlow');

export function useStaffSessionActor() {
  const language = useSystemActor('language');
  const overrides = useScreenOverrides();
  const locale = useIntl().locale;
  const current = useRef(locale);
  current.current = locale;
  const [logic] = useState(() => {
    const real = staffSessionMachine.provide({
      actors: { loadMe: loadStaffMe, logout: staffLogout, saveLanguage: saveStaffLanguage },
      actions: {
        applyLanguage: (_, { language: wanted }) => {
          if (wanted !== current.current)
            language.send({ type: 'language.change', locale: wanted as Locale });
        },
      },
    });
    return overrides.staffSession ? real.provide(overrides.staffSession) : real;
  });
  const actor = useActorRef(logic, { inspect: overrides.inspect });
  useEffect(() => {
    setStaffUnauthorizedHandler(() => actor.send({ type: 'staffSession.expired' }));
    return () => setStaffUnauthorizedHandler(null);
  }, [actor]);
  useEffect(() => setStaffLanguage(locale), [locale]);
  return actor;
}

declare module '../../app/actors' {
  interface ScreenOverrides {
    staffSession?: Parameters<typeof staffSessionMachine.provide>[0];
  }
}
