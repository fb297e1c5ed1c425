import type { ComponentProps, ReactNode } from 'react';
import { srOnly } from '../../styled-system/recipes';

type LoadingStateProps = ComponentProps<'div'> & {
  /** What is loading, for screen readers ("Loading the quiz…"), translated by the caller. */
  label: ReactNode;
};

/**
 * A region while it loads: busy, saying so once to screen readers (role=status), and showing its
 * placeholders (Skeletons, decorative) as children.
 */
export function LoadingState({ label, children, ...props }: LoadingStateProps) {
  return (
    <div aria-busy="true" {...props}>
      <span role="status" className={srOnly()}>
        {label}
      </span>
      {children}
    </div>
  );
}
