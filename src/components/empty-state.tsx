import type { ReactNode } from 'react';
import { cx } from '../../styled-system/css';
import { emptyState } from '../../styled-system/recipes';

export interface EmptyStateProps {
  /** An icon from src/theme/icons (decorative). */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links, e.g. "Browse courses". */
  action?: ReactNode;
  /** Heading level of the title (h2 by default; h1 when the state is the whole page). */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
}

/** Friendly placeholder for an empty list or page. */
export const EmptyState = ({
  icon,
  title,
  description,
  action,
  titleAs: Title = 'h2',
  className,
}: EmptyStateProps) => {
  const classes = emptyState();
  return (
    <div className={cx(classes.root, className)}>
      {icon && (
        <span className={classes.icon} aria-hidden>
          {icon}
        </span>
      )}
      <Title className={classes.title}>{title}</Title>
      {description && <p className={classes.description}>{description}</p>}
      {action && <div className={classes.action}>{action}</div>}
    </div>
  );
};
