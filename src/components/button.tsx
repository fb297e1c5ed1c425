import { ark, type HTMLArkProps } from '@ark-ui/react/factory';
import { cx } from '../../styled-system/css';
import { type ButtonVariantProps, button } from '../../styled-system/recipes';
import { Spinner } from './spinner';

/**
 * Class-name helper for anything that should look like a button, e.g. a wouter link:
 * `<Link href="/dashboard" className={buttonRecipe({ variant: 'outline' })}>…</Link>`.
 */
export const buttonRecipe = button;
export { button };

interface ButtonProps extends HTMLArkProps<'button'>, ButtonVariantProps {
  /** Shows a spinner over the label, sets aria-busy and disables the button. */
  loading?: boolean;
}

/**
 * Button. Supports `asChild` (Ark) to render its single child, e.g. a link, with button styles.
 * No default `type`: pass `type="button"` for buttons inside forms that must not submit.
 */
export const Button = ({ loading = false, disabled, className, children, asChild, ...rest }: ButtonProps) => {
  const [variantProps, props] = button.splitVariantProps(rest);
  return (
    <ark.button
      {...props}
      asChild={asChild}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-loading={loading ? '' : undefined}
      className={cx(button(variantProps), className)}
    >
      {loading && !asChild ? (
        <>
          {/* keeps the button's width and accessible name; only hidden visually */}
          <span
            data-part="label"
            style={{ opacity: 0, display: 'inline-flex', alignItems: 'center', gap: 'inherit' }}
          >
            {children}
          </span>
          <span
            data-part="spinner"
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Spinner size="sm" />
          </span>
        </>
      ) : (
        children
      )}
    </ark.button>
  );
};

interface IconButtonProps extends ButtonProps {
  /** Accessible name (translated by the caller): the button shows only an icon. */
  'aria-label': string;
}

/** Square button holding only an icon; `aria-label` is required. */
export const IconButton = (props: IconButtonProps) => <Button variant="ghost" {...props} iconOnly />;
