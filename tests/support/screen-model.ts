import { act, configure, screen, waitFor } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, beforeEach, expect } from 'vitest';
import type { CardBody, Challenge, PaymentMethod } from '../../contract/commerce';
import { formatMoney } from '../../src/views/courses/format';
import { type renderApp, resetBrowserState } from './render-app';
import { answers, controlledActor } from './stub-actors';

/**
 * What the model-based screen tests share (tests/model/*.model.test.tsx): the words as the screen
 * says them in its current language, typing into the real fields, and the card payment's stub
 * actors for the screens that take a card (checkout, the consultation booking).
 */

type App = ReturnType<typeof renderApp>;

/**
 * Each test starts from a clean browser and ends with `unmount` (the screen it opened); lazy
 * screens, the Arabic messages and the dialogs load on first use: they get time on a busy machine.
 */
export function screenLifecycle(unmount: () => void) {
  beforeEach(() => resetBrowserState());
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(unmount);
}

/** White space as the DOM's text content has it. */
export const norm = (s: string) => s.replace(/\s+/g, ' ');

/** Lets pending promises and the actors' answers settle. */
export const settle = () => act(async () => {});

/** The screen's words in the app's current language (`app` is read each time: a test opens its own). */
export function screenWords(app: () => App) {
  const intl = () => {
    const { locale, messages } = app().system.get('language').getSnapshot().context;
    return createIntl({ locale, messages });
  };
  const t = (id: string, values?: Record<string, unknown>) =>
    norm(intl().formatMessage({ id }, values as never) as string);
  const money = (cents: number) => norm(formatMoney(intl(), cents));
  return { intl, t, money };
}

/** Replaces a field's value as she would: focus, clear, paste. */
export async function fill(app: App, input: HTMLElement, value: string) {
  act(() => input.focus());
  await app.user.clear(input);
  if (value) await app.user.paste(value);
}

/** Types a card into the real fields: number, expiry, security code, postal code, country (picked). */
export async function typeCard(app: App, number = '4242 4242 4242 4242') {
  await fill(app, screen.getByTestId('card-number'), number);
  await fill(app, screen.getByTestId('card-expiry'), '12/30');
  await fill(app, screen.getByTestId('card-cvc'), '123');
  await fill(app, screen.getByTestId('card-postal'), '11118');
  // the country last: Ark gives the focus back to its input once an option is chosen
  await fill(app, screen.getByTestId('card-country'), 'jord');
  await app.user.click(await screen.findByRole('option', { name: 'Jordan' }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** The card payment's server answers, each held until the test gives it; the keys handed out. */
export function cardPaymentStubs() {
  return {
    pm: controlledActor<PaymentMethod, CardBody>(),
    readChallenge: controlledActor<Challenge, { id: string }>(),
    decide: controlledActor<Challenge, { id: string; decision: string }>(),
    keys: [] as string[],
    failNextKey: false,
  };
}
export type CardPaymentStubs = ReturnType<typeof cardPaymentStubs>;

/** The `newAttemptKey` stub: key-1-…, key-2-…, or a failure when the test asks for one. */
export function attemptKeys(state: () => Pick<CardPaymentStubs, 'keys' | 'failNextKey'>) {
  return answers(async () => {
    const s = state();
    if (s.failNextKey) {
      s.failNextKey = false;
      throw { code: 'UNKNOWN' };
    }
    const key = `key-${s.keys.length + 1}-abcdefgh`;
    s.keys.push(key);
    return key;
  });
}

/** The card payment's stubs as the screens' actors; `state` is where the test keeps its keys. */
export const cardPaymentActors = (
  stubs: CardPaymentStubs,
  state: () => Pick<CardPaymentStubs, 'keys' | 'failNextKey'>,
) => ({
  createPaymentMethod: stubs.pm.logic,
  newAttemptKey: attemptKeys(state),
  loadChallenge: stubs.readChallenge.logic,
  decideChallenge: stubs.decide.logic,
});
