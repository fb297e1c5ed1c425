import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { type CartState, cartMachine, effectivePrice, parseStoredCart } from '../../machines/cart';

function startCart(stored: string | null = null) {
  const saved: CartState[] = [];
  const actor = createActor(
    cartMachine.provide({ actions: { persistCart: (_, params) => void saved.push(params) } }),
    { input: { stored } },
  ).start();
  return { actor, saved, ctx: () => actor.getSnapshot().context, state: () => actor.getSnapshot().value };
}

describe('effective price', () => {
  it('uses sale_price only when set and lower than price', () => {
    expect(effectivePrice({ price: 50, sale_price: 40 })).toBe(40);
    expect(effectivePrice({ price: 50, sale_price: 60 })).toBe(50);
    expect(effectivePrice({ price: 50, sale_price: 50 })).toBe(50);
    expect(effectivePrice({ price: 50, sale_price: null })).toBe(50);
    expect(effectivePrice({ price: 50 })).toBe(50);
    expect(effectivePrice({ price: 50, sale_price: 0 })).toBe(0);
  });
});

describe('cart machine', () => {
  it('adds items, ignoring an id already present, and saves every change', () => {
    const { actor, saved, ctx, state } = startCart();
    expect(state()).toBe('empty');
    actor.send({ type: 'cart.add', item: { id: 'a', price: 6500, sale_price: 4500 } });
    actor.send({ type: 'cart.add', item: { id: 'b', price: 3200 } });
    actor.send({ type: 'cart.add', item: { id: 'a', price: 6500 } });
    expect(state()).toBe('filled');
    expect(ctx().itemCount).toBe(2);
    expect(ctx().total).toBe(7700);
    expect(saved).toHaveLength(2);
    expect(saved.at(-1)).toEqual(ctx());
  });

  it('removes by id lowering count and total by the effective price; the last one empties it', () => {
    const { actor, ctx, state } = startCart();
    actor.send({ type: 'cart.add', item: { id: 1, price: 5000, sale_price: 4000 } });
    actor.send({ type: 'cart.add', item: { id: 2, price: 10 } });
    actor.send({ type: 'cart.add', item: { id: 3, price: 20 } });
    expect(ctx().total).toBe(4030);
    actor.send({ type: 'cart.remove', id: 1 });
    expect(ctx()).toMatchObject({ itemCount: 2, total: 30 });
    actor.send({ type: 'cart.remove', id: 99 });
    expect(ctx().itemCount).toBe(2);
    actor.send({ type: 'cart.remove', id: 2 });
    actor.send({ type: 'cart.remove', id: 3 });
    expect(state()).toBe('empty');
    expect(ctx()).toEqual({ items: [], total: 0, itemCount: 0 });
  });

  it('update merges changes into the item with that id and keeps the totals true', () => {
    const { actor, ctx } = startCart();
    actor.send({ type: 'cart.add', item: { id: 'c', price: 6500, title: 'Menopause' } });
    actor.send({ type: 'cart.update', id: 'c', changes: { sale_price: 0, title: 'Menopause basics' } });
    expect(ctx().items[0]).toEqual({ id: 'c', price: 6500, sale_price: 0, title: 'Menopause basics' });
    expect(ctx().total).toBe(0);
  });

  it('refuses an item whose price is not whole minor units', () => {
    const { actor, ctx, state } = startCart();
    actor.send({ type: 'cart.add', item: { id: 'f', price: 65.5 } });
    actor.send({ type: 'cart.add', item: { id: 'g', price: 6500, sale_price: -1 } });
    expect(state()).toBe('empty');
    expect(ctx().itemCount).toBe(0);
  });

  it('clear empties everything', () => {
    const { actor, ctx, saved, state } = startCart();
    actor.send({ type: 'cart.add', item: { id: 'x', price: 4000 } });
    actor.send({ type: 'cart.clear' });
    expect(state()).toBe('empty');
    expect(ctx()).toEqual({ items: [], total: 0, itemCount: 0 });
    expect(saved.at(-1)).toEqual({ items: [], total: 0, itemCount: 0 });
  });

  it('restores from storage, or starts empty when missing or unreadable', () => {
    const stored = JSON.stringify({
      items: [{ id: 'a', price: 5000, sale_price: 4500 }],
      total: 999,
      itemCount: 7,
    });
    const { ctx, state } = startCart(stored);
    expect(state()).toBe('filled');
    expect(ctx()).toEqual({ items: [{ id: 'a', price: 5000, sale_price: 4500 }], total: 4500, itemCount: 1 });
    for (const bad of [
      null,
      '',
      '{',
      '"x"',
      '{"items":"no"}',
      '{"items":[{"id":1}]}',
      '{"items":[{"id":1,"price":12.5}]}',
      'null',
    ]) {
      expect(parseStoredCart(bad)).toEqual({ items: [], total: 0, itemCount: 0 });
    }
  });
});
