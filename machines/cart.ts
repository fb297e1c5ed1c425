import { assign, setup } from 'xstate';
import { effectivePrice } from '../server/contract/learning-constants';

/**
 * Shopping cart (spec §3, §4), kept in localStorage under `cart`.
 * Money is integer minor units (US cents), as everywhere in the API: `price: 6500` is $65.
 * Effective price: `sale_price` only when set and lower than `price`, otherwise `price`.
 * Adding an id already present is ignored. Every change is saved (`persistCart`).
 * The root restores the stored value as input and clears the cart on logout and on purchase.
 */
export interface CartItem {
  id: string | number;
  price: number;
  sale_price?: number | null;
  [field: string]: unknown;
}

export interface CartState {
  items: CartItem[];
  total: number;
  itemCount: number;
}

export const EMPTY_CART: CartState = { items: [], total: 0, itemCount: 0 };

/** The contract's rule (spec §3): one definition for the cart, the course pages and the server. */
export { effectivePrice };

/** The total in minor units: integers, so sums stay exact. */
export function cartFrom(items: CartItem[]): CartState {
  const total = items.reduce((sum, item) => sum + effectivePrice(item), 0);
  return { items, total, itemCount: items.length };
}

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as CartItem;
  return (
    (typeof item.id === 'string' || typeof item.id === 'number') &&
    Number.isSafeInteger(item.price) &&
    item.price >= 0 &&
    (item.sale_price == null || (Number.isSafeInteger(item.sale_price) && item.sale_price >= 0))
  );
}

/** The stored cart, or an empty one when it is missing or unreadable. */
export function parseStoredCart(raw: string | null | undefined): CartState {
  if (!raw) return EMPTY_CART;
  try {
    const value: unknown = JSON.parse(raw);
    const items = (value as { items?: unknown })?.items;
    if (!Array.isArray(items) || !items.every(isCartItem)) return EMPTY_CART;
    const unique = items.filter((item, i) => items.findIndex((other) => other.id === item.id) === i);
    return cartFrom(unique);
  } catch {
    return EMPTY_CART;
  }
}

export type CartEvent =
  | { type: 'cart.add'; item: CartItem }
  | { type: 'cart.remove'; id: CartItem['id'] }
  | { type: 'cart.update'; id: CartItem['id']; changes: Partial<CartItem> }
  | { type: 'cart.clear' };

export const cartMachine = setup({
  types: {} as { context: CartState; input: { stored: string | null }; events: CartEvent },
  actions: {
    /** Writes the cart to localStorage under `cart`. */
    persistCart: (_, _params: CartState) => {},
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    isNewItem: ({ context, event }) =>
      event.type === 'cart.add' &&
      isCartItem(event.item) &&
      !context.items.some((i) => i.id === event.item.id),
    isInCart: ({ context, event }) =>
      (event.type === 'cart.remove' || event.type === 'cart.update') &&
      context.items.some((i) => i.id === event.id),
    isLastItem: ({ context, event }) =>
      event.type === 'cart.remove' && context.items.length === 1 && context.items[0].id === event.id,
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => parseStoredCart(input.stored),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasItems', target: 'filled' }, { target: 'empty' }],
    },
    empty: {
      on: {
        'cart.add': {
          guard: 'isNewItem',
          target: 'filled',
          actions: [
            assign(({ context, event }) => cartFrom([...context.items, event.item])),
            { type: 'persistCart', params: ({ context }) => context },
          ],
        },
        'cart.clear': { actions: [assign(EMPTY_CART), { type: 'persistCart', params: EMPTY_CART }] },
      },
    },
    filled: {
      on: {
        'cart.add': {
          guard: 'isNewItem',
          actions: [
            assign(({ context, event }) => cartFrom([...context.items, event.item])),
            { type: 'persistCart', params: ({ context }) => context },
          ],
        },
        'cart.remove': [
          {
            guard: 'isLastItem',
            target: 'empty',
            actions: [assign(EMPTY_CART), { type: 'persistCart', params: EMPTY_CART }],
          },
          {
            guard: 'isInCart',
            actions: [
              assign(({ context, event }) => cartFrom(context.items.filter((i) => i.id !== event.id))),
              { type: 'persistCart', params: ({ context }) => context },
            ],
          },
        ],
        'cart.update': {
          guard: 'isInCart',
          actions: [
            assign(({ context, event }) =>
              cartFrom(
                context.items.map((i) => (i.id === event.id ? { ...i, ...event.changes, id: i.id } : i)),
              ),
            ),
            { type: 'persistCart', params: ({ context }) => context },
          ],
        },
        'cart.clear': {
          target: 'empty',
          actions: [assign(EMPTY_CART), { type: 'persistCart', params: EMPTY_CART }],
        },
      },
    },
  },
});
