import { type ComponentProps, createContext, type ReactNode, useContext } from 'react';
import { cx } from '../../styled-system/css';
import { alert } from '../../styled-system/recipes';
import { AlertIcon, CheckCircleIcon, InfoIcon } from '../theme/icons';

type Status = 'info' | 'success' | 'error';
const AlertContext = createContext<{ status: Status; classes: ReturnType<typeof alert> } | null>(null);
const useAlert = () => useContext(AlertContext) ?? { status: 'info' as Status, classes: alert() };

export type RootProps = ComponentProps<'div'> & { status?: Status };

/**
 * Inline message box. The caller sets the live-region role when the alert appears in response to
 * an action (`role="alert"` for errors, `role="status"` for confirmations).
 *
 *   <Alert.Root status="error" role="alert">
 *     <Alert.Icon />
 *     <Alert.Content><Alert.Title>…</Alert.Title><Alert.Description>…</Alert.Description></Alert.Content>
 *   </Alert.Root>
 */
export const Root = ({ status = 'info', className, ...props }: RootProps) => {
  const classes = alert({ status });
  return (
    <AlertContext.Provider value={{ status, classes }}>
      <div data-status={status} {...props} className={cx(classes.root, className)} />
    </AlertContext.Provider>
  );
};

const icons: Record<Status, ReactNode> = {
  info: <InfoIcon />,
  success: <CheckCircleIcon />,
  error: <AlertIcon />,
};

/** Status icon (decorative); children override it. */
export const Icon = ({ children, className, ...props }: ComponentProps<'span'>) => {
  const { status, classes } = useAlert();
  return (
    <span aria-hidden {...props} className={cx(classes.icon, className)}>
      {children ?? icons[status]}
    </span>
  );
};

export const Content = ({ className, ...props }: ComponentProps<'div'>) => (
  <div {...props} className={cx(useAlert().classes.content, className)} />
);
export const Title = ({ className, ...props }: ComponentProps<'p'>) => (
  <p {...props} className={cx(useAlert().classes.title, className)} />
);
export const Description = ({ className, ...props }: ComponentProps<'div'>) => (
  <div {...props} className={cx(useAlert().classes.description, className)} />
);
