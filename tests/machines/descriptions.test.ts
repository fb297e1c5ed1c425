import { describe, expect, it } from 'vitest';
import { discoverMachines, statesWithoutDescription } from '../../.ci/machines-walk';

/**
 * Issue 22, item 6: every state of every machine carries a `description` (the Stately editor and
 * docs/machines/ show it), so a reviewer reads the chart without the comments that retold it.
 * Machines are found the way `npm run machines:docs` finds them: every machine exported from machines/.
 */
const machines = await discoverMachines();

describe('state descriptions', () => {
  it('finds the machines in machines/', () => {
    expect(machines.map((m) => m.name)).toEqual(
      expect.arrayContaining(['app', 'login', 'session', 'signup']),
    );
  });

  it.each(machines.map((m) => [m.name, m] as const))('every state of %s has a description', (_, m) => {
    expect(statesWithoutDescription(m.machine), `states in ${m.file} without a description`).toEqual([]);
  });
});
