import type { checkoutMachine } from '../../../machines/checkout';
import { createFlow } from '../../app/flow';

/** The checkout screen's actor, for its parts (src/app/flow.ts). */
export const CheckoutFlow = createFlow<typeof checkoutMachine>('CheckoutFlow');

/** What the screen shows, from the machine's `step:*` tags. */
export const CHECKOUT_STEPS = [
  'paid',
  'empty',
  'blocked',
  'refused',
  'unavailable',
  'loading',
  'form',
] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];
