import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as Dialog from './dialog';

/**
 * A short question or message in a modal that needs her answer (role alertdialog): its title, its
 * sentence, the footer's buttons (wrap the one that only closes in `<Dialog.ActionTrigger asChild>`)
 * and the × in the corner. Escape, the ×, and a click outside call `onClose`. A longer one (a form, a
 * quote) puts it in `body`, between the sentence and the buttons; while `busy` it cannot be closed
 * (and has no ×); `closeButton={false}` leaves the × out.
 */
export function AlertDialog({
  open = true,
  onClose,
  title,
  description,
  testId,
  body,
  busy = false,
  closeButton = true,
  children,
}: {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  testId?: string;
  body?: ReactNode;
  busy?: boolean;
  closeButton?: boolean;
  /** The footer's buttons. */
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open={open} role="alertdialog" onOpenChange={(e) => !e.open && !busy && onClose()}>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid={testId}>
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {body}
          <Dialog.Footer>{children}</Dialog.Footer>
          {closeButton && !busy && (
            <Dialog.CloseTrigger aria-label={intl.formatMessage({ id: 'common.close' })} />
          )}
        </Dialog.Content>
      </Dialog.Positioner>
    </Dialog.Root>
  );
}
