import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import type { ComponentProps } from 'react';
import { dialog } from '../../styled-system/recipes';
import { CloseIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const { withRootProvider, withContext } = createStyleContext(dialog);

/**
 * Modal dialog (Ark Dialog: focus trap, Escape and outside click close, scroll lock, aria-modal).
 *
 *   <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
 *     <Dialog.Backdrop />
 *     <Dialog.Positioner>
 *       <Dialog.Content>
 *         <Dialog.Title>…</Dialog.Title>
 *         <Dialog.Description>…</Dialog.Description>
 *         <Dialog.Footer>
 *           <Dialog.ActionTrigger asChild><Button variant="outline">…</Button></Dialog.ActionTrigger>
 *         </Dialog.Footer>
 *         <Dialog.CloseTrigger aria-label={intl.formatMessage(…)} />
 *       </Dialog.Content>
 *     </Dialog.Positioner>
 *   </Dialog.Root>
 */
export const Root = /* @__PURE__ */ withRootProvider(ArkDialog.Root, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const RootProvider = /* @__PURE__ */ withRootProvider(ArkDialog.RootProvider, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = /* @__PURE__ */ withContext(ArkDialog.Trigger, 'trigger');
export const Backdrop = /* @__PURE__ */ withContext(ArkDialog.Backdrop, 'backdrop');
export const Positioner = /* @__PURE__ */ withContext(ArkDialog.Positioner, 'positioner');
export const Content = /* @__PURE__ */ withContext(ArkDialog.Content, 'content');
export const Title = /* @__PURE__ */ withContext(ArkDialog.Title, 'title');
export const Description = /* @__PURE__ */ withContext(ArkDialog.Description, 'description');
export const Body = /* @__PURE__ */ withContext('div', 'body');
export const Footer = /* @__PURE__ */ withContext('div', 'footer');

const StyledCloseTrigger = /* @__PURE__ */ withContext(ArkDialog.CloseTrigger, 'closeTrigger');

export type CloseTriggerProps = ArkDialog.CloseTriggerProps & { 'aria-label': string };
/** The round × button in the corner. `aria-label` is required; children default to the close icon. */
export const CloseTrigger = ({ children, ...props }: CloseTriggerProps) => (
  <StyledCloseTrigger {...props}>{children ?? <CloseIcon />}</StyledCloseTrigger>
);

/** Unstyled close trigger for footer buttons: `<Dialog.ActionTrigger asChild><Button>…</Button></Dialog.ActionTrigger>`. */
export const ActionTrigger = ArkDialog.CloseTrigger;

export { DialogContext as Context, useDialogContext as useContext } from '@ark-ui/react/dialog';
export type RootProps = ComponentProps<typeof Root>;
export type ContentProps = ComponentProps<typeof Content>;
