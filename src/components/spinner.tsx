import type { HTMLAttributes } from 'react';
import { cx } from '../../styled-system/css';
import { type SpinnerVariantProps, spinner, srOnly } from '../../styled-system/recipes';

interface SpinnerProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'>, SpinnerVariantProps {
  /** Screen-reader text; when given the spinner becomes a polite status region. Otherwise decorative. */
  label?: string;
}

/** Circular activity indicator in the current text colour. */
export const Spinner = ({ size, label, className, ...props }: SpinnerProps) => {
  if (!label) return <span aria-hidden className={cx(spinner({ size }), className)} {...props} />;
  return (
    <span role="status" {...props}>
      <span aria-hidden className={cx(spinner({ size }), className)} />
      <span className={srOnly()}>{label}</span>
    </span>
  );
};
