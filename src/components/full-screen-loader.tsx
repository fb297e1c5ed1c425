import { cx } from '../../styled-system/css';
import { fullScreenLoader, srOnly } from '../../styled-system/recipes';
import { Spinner } from './spinner';

interface FullScreenLoaderProps {
  /** Screen-reader text, e.g. "Loading…" (translated by the caller). */
  label: string;
  className?: string;
}

/** Full-viewport centred spinner (role=status). The spinner fades in after 250 ms so fast loads do not flash. */
export const FullScreenLoader = ({ label, className }: FullScreenLoaderProps) => (
  <div role="status" aria-live="polite" className={cx(fullScreenLoader(), className)}>
    <Spinner size="xl" />
    <span className={srOnly()}>{label}</span>
  </div>
);
