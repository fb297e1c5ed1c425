import { createContext, useContext } from 'react';
import type { StaffMe } from '../../../contract/staff';

/**
 * Who is signed in on the staff side (issue 26): StaffArea provides it once her session is full;
 * the portal's, the inbox's and the admin's screens read it (her roles, her expert id, her language).
 */
export const StaffMeContext = createContext<StaffMe | null>(null);

export function useStaffMe(): StaffMe {
  const me = useContext(StaffMeContext);
  if (!me) throw new Error('useStaffMe outside a signed-in staff area');
  return me;
}
