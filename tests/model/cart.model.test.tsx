import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { type CartItem, type CartState, cartMachine, parseStoredCart } from '../../machines/cart';
import { Coverage } from './coverage';
import { coversEveryTransition, followPaths, modelApp } from './harness';

/**
 * Model-based test of the cart (spec §3, §4) in the real app. The cart has no screens yet, so the
 * events are the real ones sent to the real cart actor (`system.get('cart')`), as its screens will;
 * the views take part where they exist: a member signed in on /dashboard logs out with the header's
 * Log out button, and RELOAD renders a fresh app on the same storage. Each model state names the
 * cart it must hold; every check compares the real actor and what `cart` in localStorage restores.
 */
const A: CartItem = { id: 'course-1', title: 'Cycle basics', price: 10000, sale_price: 8000 }; // 8000 on sale
const B: CartItem = { id: 2, title: 'Contraception', price: 5000, sale_price: 6000 }; // "sale" dearer: 5000
const B_CHANGES = { sale_price: 2010, id: 'not-allowed' }; // the id never changes
const B_UPDATED: CartItem = { ...B, sale_price: 2010 };

const cart = (items: CartItem[], total: number): CartState => ({ items, total, itemCount: items.length });
const EXPECTED: Record<string, CartState> = {
  empty: cart([], 0),
  a: cart([A], 8000),
  ab: cart([A, B], 13000),
  abUpdated: cart([A, B_UPDATED], 10010),
  b: cart([B], 5000),
  loggedOut: cart([], 0),
};

type ModelEvent =
  | { type: 'OPEN' }
  | { type: 'OPEN_STORED' }
  | { type: 'OPEN_UNREADABLE' }
  | { type: 'ADD_ITEM'; item: CartItem }
  | { type: 'REMOVE_ITEM'; id: CartItem['id'] }
  | { type: 'UPDATE_ITEM' }
  | { type: 'CLEAR' }
  | { type: 'RELOAD' }
  | { type: 'LOGOUT' };

const adds =
  (item: CartItem) =>
  ({ event }: { event: ModelEvent }) =>
    event.type === 'ADD_ITEM' && event.item === item;
const removes =
  (id: CartItem['id']) =>
  ({ event }: { event: ModelEvent }) =>
    event.type === 'REMOVE_ITEM' && event.id === id;

/** A content state of the cart, visited live and once more right after a reload. */
const withReload = (on: object) => ({
  initial: 'live',
  states: { live: { on: { RELOAD: 'reloaded' } }, reloaded: {} },
  on,
});

const cartModel = createMachine({
  id: 'cartModel',
  types: {} as { events: ModelEvent },
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'empty', OPEN_STORED: 'ab', OPEN_UNREADABLE: 'empty' } },
    empty: withReload({
      ADD_ITEM: { guard: adds(A), target: 'a' },
      LOGOUT: 'loggedOut',
    }),
    a: withReload({
      ADD_ITEM: { guard: adds(B), target: 'ab' },
      REMOVE_ITEM: { guard: removes(A.id), target: 'empty' },
      CLEAR: 'empty',
    }),
    ab: withReload({
      UPDATE_ITEM: 'abUpdated',
      REMOVE_ITEM: { guard: removes(A.id), target: 'b' },
      CLEAR: 'empty',
      LOGOUT: 'loggedOut',
    }),
    abUpdated: withReload({ REMOVE_ITEM: { guard: removes(B.id), target: 'a' } }),
    b: withReload({ REMOVE_ITEM: { guard: removes(B.id), target: 'empty' } }),
    loggedOut: withReload({}),
  },
});

const model = createTestModel(cartModel, {
  events: [
    { type: 'ADD_ITEM', item: A },
    { type: 'ADD_ITEM', item: B },
    { type: 'REMOVE_ITEM', id: A.id },
    { type: 'REMOVE_ITEM', id: B.id },
  ],
  // a vertex is a state and the kind of event that led there (plus where from, for CLEAR and LOGOUT):
  // one path per way into each state, without multiplying paths by every earlier step
  serializeState: (state, event, previous) =>
    `${JSON.stringify(state.value)} via ${event?.type ?? 'start'}${
      event && (event.type === 'CLEAR' || event.type === 'LOGOUT')
        ? ` from ${JSON.stringify(previous?.value)}`
        : ''
    }`,
  // only events the model takes (the ignored ones are checked inside ADD_ITEM and REMOVE_ITEM)
  filterEvents: (state, event) => state.can(event),
});
const paths = model.getShortestPaths();

const coverage = new Coverage('cart', cartMachine);
// a member signed in, so Log out is on the page; the language as the browser saved it
const ui = modelApp({ coverage, member: true, savedLanguage: undefined });
const realCart = () => ui.app.system.get('cart');
const stored = () => localStorage.getItem('cart');

/** Sends a real cart event and checks what was saved under `cart` is exactly the new cart. */
function sendToCart(event: Parameters<ReturnType<typeof realCart>['send']>[0]) {
  act(() => realCart().send(event));
  const now = realCart().getSnapshot().context;
  // an empty cart leaves no key behind
  if (now.itemCount === 0) expect(stored()).toBeNull();
  else expect(JSON.parse(stored()!)).toEqual(now);
}

function expectCart(name: string) {
  const expected = EXPECTED[name];
  const snapshot = realCart().getSnapshot();
  expect(snapshot.value).toBe(expected.items.length ? 'filled' : 'empty');
  expect(snapshot.context).toEqual(expected);
  // what the next load restores
  expect(parseStoredCart(stored())).toEqual(expected);
}

describe('cart model on the real app', () => {
  it('generates a path for each way into each state', () => {
    expect(paths.length).toBeGreaterThan(8);
  });

  followPaths(
    paths,
    {
      events: {
        OPEN: () => ui.open('/dashboard'),
        OPEN_STORED: async () => {
          // totals are recomputed from the items and a repeated id is kept once
          localStorage.setItem('cart', JSON.stringify({ items: [A, B, A], total: 1, itemCount: 3 }));
          return ui.open('/dashboard');
        },
        OPEN_UNREADABLE: async () => {
          localStorage.setItem('cart', '{"items": [oops');
          return ui.open('/dashboard');
        },
        ADD_ITEM: async (step) => {
          const { item } = step.event as { type: 'ADD_ITEM'; item: CartItem };
          sendToCart({ type: 'cart.add', item });
          // adding an id already in the cart is ignored
          const before = stored();
          act(() => realCart().send({ type: 'cart.add', item: { ...item, price: 1 } }));
          expect(stored()).toBe(before);
        },
        REMOVE_ITEM: async (step) => {
          const { id } = step.event as { type: 'REMOVE_ITEM'; id: CartItem['id'] };
          // removing an id that is not in the cart is ignored
          const before = stored();
          act(() => realCart().send({ type: 'cart.remove', id: 'not-in-cart' }));
          expect(stored()).toBe(before);
          sendToCart({ type: 'cart.remove', id });
        },
        UPDATE_ITEM: async () => sendToCart({ type: 'cart.update', id: B.id, changes: B_CHANGES }),
        CLEAR: async () => sendToCart({ type: 'cart.clear' }),
        RELOAD: () => ui.reload(window.location.pathname),
        LOGOUT: async () => {
          await ui.app.user.click(await screen.findByTestId('logout'));
          await waitFor(() => expect(window.location.pathname).toBe('/login'));
        },
      },
      states: {
        closed: ui.expectClosed,
        'empty.live': () => expectCart('empty'),
        'empty.reloaded': () => expectCart('empty'),
        'a.live': () => expectCart('a'),
        'a.reloaded': () => expectCart('a'),
        'ab.live': () => expectCart('ab'),
        'ab.reloaded': () => expectCart('ab'),
        'abUpdated.live': () => expectCart('abUpdated'),
        'abUpdated.reloaded': () => expectCart('abUpdated'),
        'b.live': () => expectCart('b'),
        'b.reloaded': () => expectCart('b'),
        loggedOut: async () => {
          // spec §4: emptied on logout (and, after a reload, still empty and signed out)
          await screen.findByRole('heading', { name: 'Welcome back' });
          expect(ui.app.system.get('session').getSnapshot().matches('signedOut')).toBe(true);
          expectCart('loggedOut');
        },
      },
    },
    20_000,
  );

  // `restoring` is transient (eventless transitions on start): the microstep that leaves it records it
  coversEveryTransition(coverage);
});
