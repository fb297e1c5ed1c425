import { assertEvent, assign, setup } from 'xstate';
import { effectivePrice } from '../contract/learning-constants';

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

/** Every change is saved: the cart as it now is. */
const saved = { type: 'persistCart', params: ({ context }: { context: CartState }) => context } as const;

export const cartMachine = setup({
  types: {} as { context: CartState; input: { stored: string | null }; events: CartEvent },
  actions: {
    /** Writes the cart to localStorage under `cart`. */
    persistCart: (_, _params: CartState) => {},
    addItem: assign(({ context, event }) => {
      assertEvent(event, 'cart.add');
      return cartFrom([...context.items, event.item]);
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'cart.remove');
      return cartFrom(context.items.filter((i) => i.id !== event.id));
    }),
    /** The changes, but never another id. */
    updateItem: assign(({ context, event }) => {
      assertEvent(event, 'cart.update');
      return cartFrom(
        context.items.map((i) => (i.id === event.id ? { ...i, ...event.changes, id: i.id } : i)),
      );
    }),
    empty: assign(EMPTY_CART),
  },
  guards: {
    hasItems: ({ context }) => context.items.length > 0,
    isNewItem: ({ context, event }) => {
      assertEvent(event, 'cart.add');
      return isCartItem(event.item) && !context.items.some((i) => i.id === event.item.id);
    },
    isInCart: ({ context, event }) => {
      assertEvent(event, ['cart.remove', 'cart.update']);
      return context.items.some((i) => i.id === event.id);
    },
    isLastItem: ({ context, event }) => {
      assertEvent(event, 'cart.remove');
      return context.items.length === 1 && context.items[0].id === event.id;
    },
  },
}).createMachine({
  id: 'cart',
  context: ({ input }) => parseStoredCart(input.stored),
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reads the cart stored on this device (an unreadable one is empty).',
      always: [{ guard: 'hasItems', target: 'filled' }, { target: 'empty' }],
    },
    empty: {
      description: 'No courses in the cart.',
      on: {
        'cart.add': { guard: 'isNewItem', target: 'filled', actions: ['addItem', saved] },
        'cart.clear': { actions: ['empty', saved] },
      },
    },
    filled: {
      description: 'One course or more; every change is saved on this device.',
      on: {
        'cart.add': { guard: 'isNewItem', actions: ['addItem', saved] },
        'cart.remove': [
          { guard: 'isLastItem', target: 'empty', actions: ['empty', saved] },
          { guard: 'isInCart', actions: ['removeItem', saved] },
        ],
        'cart.update': { guard: 'isInCart', actions: ['updateItem', saved] },
        'cart.clear': { target: 'empty', actions: ['empty', saved] },
      },
    },
  },
});
