import { cx } from '../../styled-system/css';
import { skeleton } from '../../styled-system/recipes';

/** A placeholder block while content loads (decorative: the region says "loading" itself). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" data-part="skeleton" className={cx(skeleton().root, className)} />;
}
