import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { cartReviewMachine } from '../../../machines/cartReview';
import { css } from '../../../styled-system/css';
import { quoteActor, validateCouponActor } from '../../api/commerce';
import { type ScreenOverrides, useCart, useScreenOverrides } from '../../app/actors';
import { readPromoCode, rememberPromoCode } from '../../app/commerce-storage';
import { useLocaleChange } from '../../app/useLocaleChange';
import { EmptyState } from '../../components/empty-state';
import { LinkButton } from '../../components/link-button';
import { pageColumn } from '../../components/page-column';
import { PageHeader } from '../../components/page-header';
import { panel } from '../../components/panel';
import { CartIcon } from '../../theme/icons';
import { useDocumentTitle } from '../useDocumentTitle';
import { CartItems } from './CartItems';
import { CartSummary } from './CartSummary';
import { twoColumns } from './parts';

function createLogic(overrides: ScreenOverrides['cartReview']) {
  const real = cartReviewMachine.provide({
    actors: { quote: quoteActor, validateCoupon: validateCouponActor },
    actions: { rememberCode: (_, { code }) => rememberPromoCode(code) },
  });
  return overrides ? real.provide(overrides) : real;
}

/** The cart, /cart (spec §3, §4): her wish list priced by the server, a promo code, and checkout. */
export default function CartView() {
  useDocumentTitle('cart.title');
  const items = useCart((s) => s.context.items);
  const overrides = useScreenOverrides();
  const [logic] = useState(() => createLogic(overrides.cartReview));
  const review = useActorRef(logic, {
    input: { items, code: readPromoCode() },
    inspect: overrides.inspect,
  });

  // every change of the cart prices it again
  const first = useRef(items);
  useEffect(() => {
    if (first.current === items) return;
    first.current = items;
    review.send({ type: 'cartReview.itemsChanged', items });
  }, [items, review]);

  // titles come in the request's language
  useLocaleChange(() => review.send({ type: 'cartReview.localeChanged' }));

  const empty = useSelector(review, (s) => s.hasTag('step:empty'));
  return (
    <div className={pageColumn()} data-testid="cart-view">
      <PageHeader id="cart-heading" titleId="cart.title">
        {!empty && (
          <p className={css({ color: 'fg.muted' })} data-testid="cart-count">
            <FormattedMessage id="cart.count" values={{ count: items.length }} />
          </p>
        )}
      </PageHeader>
      {empty ? (
        <div data-testid="cart-empty" className={panel({ padding: 'none' })}>
          <EmptyState
            icon={<CartIcon />}
            title={<FormattedMessage id="cart.empty.title" />}
            description={<FormattedMessage id="cart.empty.body" />}
            action={
              <LinkButton href="/courses">
                <FormattedMessage id="cart.empty.browse" />
              </LinkButton>
            }
          />
        </div>
      ) : (
        <div className={twoColumns}>
          <CartItems review={review} items={items} />
          <CartSummary review={review} />
        </div>
      )}
    </div>
  );
}
