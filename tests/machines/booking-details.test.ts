import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import {
  type BookingDetailsInput,
  type DetailProblems,
  detailProblems,
  EARLIEST_BIRTH_DATE,
} from '../../contract/booking-details';
import type { Booking } from '../../contract/consultations';
import { bookingMachine } from '../../machines/booking';
import { checkDetails } from '../../server/domain/consultations-confirm';
import type { ApiError } from '../../server/lib/errors';
import { bookingInput, bookingOf, TODAY } from '../support/booking-fixtures';
import { resolves } from '../support/stub-actors';

/**
 * Her details for a medical consultation are checked by one rule (contract/booking-details.ts) on
 * both sides: the booking machine before they are sent, the server's `checkDetails` before they
 * are sealed. Each case is asked of both, and both must give the same answer (issue 22, item 4).
 */
const DETAILS: BookingDetailsInput = { firstName: 'Mariam', lastName: 'Saleh', dateOfBirth: '1990-04-21' };

/** What the server answers: nothing (accepted), or the field codes of its 400 (details.x → x). */
function serverProblems(details: BookingDetailsInput, today: string): DetailProblems {
  try {
    checkDetails(details, today);
    return {};
  } catch (error) {
    const fields = (error as ApiError).options.fields ?? {};
    return Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k.replace(/^details\./, ''), v]),
    ) as DetailProblems;
  }
}

/** What the booking machine says under her fields when she submits them (her held medical booking). */
async function machineProblems(details: BookingDetailsInput, today: string): Promise<DetailProblems> {
  const actor = createActor(
    bookingMachine.provide({
      actors: { findHold: resolves<Booking | null, { expertId: string }>(bookingOf()) },
    }),
    {
      input: bookingInput({ today }),
    },
  ).start();
  await waitFor(actor, (s) => s.matches('details'));
  for (const [field, value] of Object.entries(details))
    actor.send({ type: 'booking.detailChanged', field: field as keyof BookingDetailsInput, value });
  actor.send({ type: 'booking.submitDetails' });
  const { detailErrors } = actor.getSnapshot().context;
  actor.stop();
  return Object.fromEntries(Object.entries(detailErrors).filter(([, v]) => v)) as DetailProblems;
}

describe('her details: one rule on both sides', () => {
  const cases: [string, Partial<BookingDetailsInput>][] = [
    ['a birth date before 1900', { dateOfBirth: '1899-12-31' }],
    ['the earliest birth date', { dateOfBirth: EARLIEST_BIRTH_DATE }],
    ['a typo’s year', { dateOfBirth: '0190-04-21' }],
    ['not a calendar date', { dateOfBirth: '1990-02-30' }],
    ['a date after today', { dateOfBirth: '2030-01-01' }],
    ['18 tomorrow', { dateOfBirth: '2008-11-27' }],
    ['18 today', { dateOfBirth: '2008-11-26' }],
    ['no date', { dateOfBirth: ' ' }],
    ['a name too long', { firstName: 'x'.repeat(81) }],
    ['an adult’s details', {}],
  ];

  for (const [name, over] of cases) {
    it(`${name}: the app and the server agree`, async () => {
      const details = { ...DETAILS, ...over };
      expect(await machineProblems(details, TODAY)).toEqual(serverProblems(details, TODAY));
    });
  }

  it('refuses a birth date before 1900 on both sides, as INVALID', async () => {
    const details = { ...DETAILS, dateOfBirth: '1899-12-31' };
    expect(await machineProblems(details, TODAY)).toEqual({ dateOfBirth: 'INVALID' });
    expect(serverProblems(details, TODAY)).toEqual({ dateOfBirth: 'INVALID' });
    expect(detailProblems(details, TODAY)).toEqual({ dateOfBirth: 'INVALID' });
  });
});
