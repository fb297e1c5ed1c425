import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { CartItem } from '../../../machines/cart';
import { type CartProblem, cartProblems } from '../../../machines/cartReview';
import { css, cx } from '../../../styled-system/css';
import { stack } from '../../../styled-system/patterns';
import { useSystemActor } from '../../app/actors';
import { AlertDialog } from '../../components/alert-dialog';
import { Button } from '../../components/button';
import { ActionTrigger } from '../../components/dialog';
import { panel } from '../../components/panel';
import { type CartReviewActor, LinePrice, RemoveButton } from './parts';

const itemRow = cx(panel({ raised: true, padding: 'sm' }), stack({ gap: '3' }));
const spaced = css({ display: 'flex', justifyContent: 'space-between', gap: '3' });

/** Her courses in the cart, each priced by the server (or why it cannot be bought), to remove one or all. */
export function CartItems({ review, items }: { review: CartReviewActor; items: CartItem[] }) {
  const intl = useIntl();
  const cart = useSystemActor('cart');
  const quote = useSelector(review, (s) => s.context.quote);
  const ready = useSelector(review, (s) => s.hasTag('step:ready'));
  const problems = ready
    ? cartProblems(
        quote,
        items.map((i) => String(i.id)),
      )
    : [];
  const problemOf = (id: string): CartProblem | undefined => problems.find((p) => p.courseId === id)?.problem;
  const [confirming, setConfirming] = useState(false);

  return (
    <section aria-labelledby="cart-items-title" className={css({ display: 'grid', gap: '4' })}>
      <div className={cx(spaced, css({ alignItems: 'center' }))}>
        <h2 id="cart-items-title" className={css({ textStyle: 'heading.sm' })}>
          <FormattedMessage id="cart.items.title" />
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          data-testid="cart-clear"
        >
          <FormattedMessage id="cart.clear.open" />
        </Button>
      </div>
      <ul className={css({ display: 'grid', gap: '3' })} data-testid="cart-items">
        {items.map((item) => {
          const id = String(item.id);
          const line = ready ? quote?.lines.find((l) => l.courseId === id) : undefined;
          const problem = problemOf(id);
          const title =
            line?.title ??
            (typeof item.title === 'string' && item.title
              ? item.title
              : intl.formatMessage({ id: 'cart.item.untitled' }));
          return (
            <li key={id} className={itemRow} data-testid="cart-item" data-problem={problem}>
              <div className={cx(spaced, css({ alignItems: 'flex-start' }))}>
                <div className={css({ display: 'grid', gap: '1', minWidth: '0' })}>
                  {problem === 'missing' ? (
                    <span className={css({ fontWeight: '600' })}>{title}</span>
                  ) : (
                    <Link href={`/courses/${encodeURIComponent(id)}`} className={courseLink}>
                      {title}
                    </Link>
                  )}
                  <LinePrice
                    price={line?.price ?? item.price}
                    sale_price={line ? line.sale_price : item.sale_price}
                    couponAmount={line?.couponAmount}
                  />
                </div>
                <RemoveButton
                  variant="outline"
                  label={intl.formatMessage({ id: 'cart.item.removeLabel' }, { title })}
                  onClick={() => cart.send({ type: 'cart.remove', id: item.id })}
                />
              </div>
              {problem && (
                <p className={problemLine} data-testid="cart-item-problem">
                  <FormattedMessage id={`cart.item.${problem}`} />
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <AlertDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        testId="cart-clear-dialog"
        title={<FormattedMessage id="cart.clear.title" />}
        description={<FormattedMessage id="cart.clear.body" values={{ count: items.length }} />}
      >
        <ActionTrigger asChild>
          <Button type="button" variant="outline">
            <FormattedMessage id="cart.clear.cancel" />
          </Button>
        </ActionTrigger>
        <Button
          type="button"
          variant="danger"
          onClick={() => {
            setConfirming(false);
            cart.send({ type: 'cart.clear' });
          }}
        >
          <FormattedMessage id="cart.clear.confirm" />
        </Button>
      </AlertDialog>
    </section>
  );
}

const courseLink = css({
  fontWeight: '600',
  color: 'fg.default',
  textDecoration: 'underline',
  textDecorationColor: 'border.default',
  textUnderlineOffset: '0.2em',
  _hover: { color: 'accent.fg' },
});

const problemLine = css({
  textStyle: 'body.sm',
  color: 'error.fg',
  bg: 'error.subtle',
  borderRadius: 'md',
  px: '3',
  py: '2',
});
