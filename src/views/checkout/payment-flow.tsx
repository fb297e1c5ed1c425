import type { ReactNode } from 'react';
import type { AnyStateMachine } from 'xstate';
import type { cardPaymentMachine } from '../../../machines/cardPayment';
import { selectCard, selectFieldErrors, selectLocked } from '../../../machines/cardPayment-selectors';
import { createFlow, type Flow, useFlowSelect, useFlowSend } from '../../app/flow';
import { CardFields } from './CardFields';

/**
 * The card payment (machines/cardPayment.ts) is a child of the screen's actor (checkout, the
 * booking panel), invoked as `payment`: the parts that take the card, tell what happened and show
 * the bank's dialog reach it one way, through this flow.
 */
export const PaymentFlow = createFlow<typeof cardPaymentMachine>('PaymentFlow');

type PaymentRef = NonNullable<Parameters<typeof PaymentFlow.Provider>[0]['value']>;

/** Puts the screen's card payment (its child `payment`) in the flow; nothing while there is none. */
export function PaymentProvider<TMachine extends AnyStateMachine>({
  flow,
  children,
}: {
  flow: Flow<TMachine>;
  children: ReactNode;
}) {
  const payment = useFlowSelect(
    flow,
    (s) => (s as { children: { payment?: PaymentRef } }).children.payment ?? null,
  );
  return payment ? <PaymentFlow.Provider value={payment}>{children}</PaymentFlow.Provider> : null;
}

/** The card's fields with the payment's values and problems; locked while anything is on its way. */
export function PaymentCardFields() {
  const send = useFlowSend(PaymentFlow);
  return (
    <CardFields
      card={useFlowSelect(PaymentFlow, selectCard)}
      errors={useFlowSelect(PaymentFlow, selectFieldErrors)}
      disabled={useFlowSelect(PaymentFlow, selectLocked)}
      onChange={(field, value) => send({ type: 'cardPayment.fieldChanged', field, value })}
    />
  );
}
