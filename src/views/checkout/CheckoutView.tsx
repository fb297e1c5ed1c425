import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { cardPaymentMachine } from '../../../machines/cardPayment';
import {
  type CheckoutImplementations,
  checkoutMachine,
  type PurchaseAttempt,
} from '../../../machines/checkout';
import { css, cx } from '../../../styled-system/css';
import { cardPaymentActors, purchaseActor, quoteActor } from '../../api/commerce';
import {
  type ScreenOverrides,
  useAppActor,
  useScreenOverrides,
  useSession,
  useSystemActor,
} from '../../app/actors';
import {
  forgetAttempt,
  readPendingAttempt,
  readPromoCode,
  readReceipt,
  rememberPromoCode,
  saveAttempt,
  saveReceipt,
} from '../../app/commerce-storage';
import { useFlowSelect, useFlowSend, useFlowStep } from '../../app/flow';
import { useLocaleChange } from '../../app/useLocaleChange';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { LoadingState } from '../../components/loading-state';
import { Notice, RetryButton } from '../../components/notice';
import { pageColumn } from '../../components/page-column';
import { panel } from '../../components/panel';
import { Skeleton } from '../../components/skeleton';
import { CartIcon } from '../../theme/icons';
import { codeErrorMessage, pageTitle, twoColumns } from '../cart/parts';
import { useDocumentTitle } from '../useDocumentTitle';
import { CardForm } from './CardForm';
import { ChallengeDialog } from './ChallengeDialog';
import { CHECKOUT_STEPS, CheckoutFlow } from './flow';
import { OrderSummary } from './OrderSummary';
import { PaidView } from './PaidView';
import { PaymentProvider } from './payment-flow';

type Actions = CheckoutImplementations['actions'];

/**
 * The checkout as this screen runs it: the server's actors by name, the card payment (the child
 * machine) with its own and `purchase` as its `pay`, and the effects on this tab's storage; a test's
 * overrides (the same flat names) over them.
 */
function createLogic(overrides: ScreenOverrides['checkout'], actions: Actions) {
  const { quote, purchase, ...card } = {
    quote: quoteActor,
    purchase: purchaseActor,
    ...cardPaymentActors,
    ...overrides?.actors,
  };
  const { saveAttempt, forgetAttempt, ...own } = { ...actions, ...overrides?.actions };
  return checkoutMachine.provide({
    actors: {
      quote,
      cardPayment: cardPaymentMachine.provide({
        actors: { ...card, pay: purchase } as never,
        actions: { saveAttempt, forgetAttempt },
      }),
    },
    actions: own,
  });
}

/** Checkout, /checkout (members only; issue 8): the card, the order, and one safe payment. */
export default function CheckoutView() {
  useDocumentTitle('checkout.title');
  const app = useAppActor();
  const cart = useSystemActor('cart');
  // the guard lets only a member in: her id binds the stored attempt to her
  const memberId = useSession((s) => String(s.context.user?.id ?? s.context.user?.userid ?? ''));
  const overrides = useScreenOverrides();
  const [logic] = useState(() =>
    createLogic(overrides.checkout, {
      saveAttempt: (_, { attempt }) => saveAttempt(attempt as PurchaseAttempt, memberId),
      forgetAttempt: () => forgetAttempt(),
      saveReceipt: (_, { result }) => result && saveReceipt(result, memberId),
      purchaseCompleted: (_, { courseIds }) => {
        rememberPromoCode(null);
        app.send({ type: 'app.purchased', courseIds });
      },
    }),
  );
  const [input] = useState(() => ({
    courseIds: cart.getSnapshot().context.items.map((i) => String(i.id)),
    code: readPromoCode(),
    pending: readPendingAttempt(memberId),
    receipt: readReceipt(memberId),
    today: new Date().toISOString(),
  }));
  const checkout = useActorRef(logic, { input, inspect: overrides.inspect });

  // titles come in the request's language
  useLocaleChange(() => checkout.send({ type: 'checkout.localeChanged' }));

  return (
    <CheckoutFlow.Provider value={checkout}>
      <div className={pageColumn()} data-testid="checkout-view">
        <CheckoutScreen />
      </div>
    </CheckoutFlow.Provider>
  );
}

function Heading({ id }: { id: string }) {
  return (
    <h1 id="checkout-heading" tabIndex={-1} className={cx(pageTitle, css({ mb: { base: '6', md: '8' } }))}>
      <FormattedMessage id={id} />
    </h1>
  );
}

function CheckoutScreen() {
  const intl = useIntl();
  const step = useFlowStep(CheckoutFlow, CHECKOUT_STEPS, 'loading');
  const send = useFlowSend(CheckoutFlow);
  const error = useFlowSelect(CheckoutFlow, (s) => s.context.error);

  switch (step) {
    case 'paid':
      return <PaidView />;
    case 'loading':
      return (
        <>
          <Heading id="checkout.title" />
          <LoadingState label={<FormattedMessage id="checkout.loading" />} data-testid="checkout-loading">
            <div className={twoColumns}>
              <Skeleton className={css({ height: '96' })} />
              <Skeleton className={css({ height: '64' })} />
            </div>
          </LoadingState>
        </>
      );
    case 'empty':
      return (
        <>
          <Heading id="checkout.title" />
          <div data-testid="checkout-empty" className={panel({ padding: 'none' })}>
            <EmptyState
              icon={<CartIcon />}
              title={<FormattedMessage id="checkout.empty.title" />}
              description={<FormattedMessage id="checkout.empty.body" />}
              action={
                <LinkButton href="/courses">
                  <FormattedMessage id="cart.empty.browse" />
                </LinkButton>
              }
            />
          </div>
        </>
      );
    case 'unavailable':
      return (
        <>
          <Heading id="checkout.title" />
          <Notice
            data-testid="checkout-unavailable"
            title={<FormattedMessage id="checkout.unavailable" />}
            description={
              error?.code === 'NETWORK_ERROR' ? intl.formatMessage({ id: 'cart.error.network' }) : undefined
            }
            actions={<RetryButton labelId="cart.retry" onClick={() => send({ type: 'checkout.retry' })} />}
          />
        </>
      );
    case 'blocked':
    case 'refused':
      return (
        <>
          <Heading id="checkout.title" />
          <Notice
            data-testid={`checkout-${step}`}
            title={<FormattedMessage id={`checkout.${step}.title`} />}
            description={
              step === 'refused' && error ? (
                refusalMessage(intl, error.code)
              ) : (
                <FormattedMessage id="checkout.blocked.body" />
              )
            }
            actions={
              <LinkButton href="/cart" size="sm" variant="outline">
                <FormattedMessage id="checkout.backToCart" />
              </LinkButton>
            }
          />
        </>
      );
    default:
      return (
        <PaymentProvider flow={CheckoutFlow}>
          <Heading id="checkout.title" />
          <div className={twoColumns}>
            <CardForm />
            <OrderSummary />
          </div>
          <ChallengeDialog />
        </PaymentProvider>
      );
  }
}

function refusalMessage(intl: ReturnType<typeof useIntl>, code: string): string {
  if (code === 'COURSE_ALREADY_OWNED') return intl.formatMessage({ id: 'checkout.refused.owned' });
  if (code.startsWith('COUPON_'))
    return intl.formatMessage({ id: 'checkout.refused.coupon' }, { reason: codeErrorMessage(intl, code) });
  return intl.formatMessage({ id: 'checkout.refused.generic' });
}
