import {
  DialogBackdrop,
  DialogCloseTrigger,
  type DialogCloseTriggerProps,
  DialogContent,
  DialogDescription,
  DialogPositioner,
  DialogRoot,
  DialogRootProvider,
  DialogTitle,
  DialogTrigger,
} from '@ark-ui/react/dialog';
import type { ComponentProps } from 'react';
import { dialog } from '../../styled-system/recipes';
import { CloseIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(dialog);

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
export const Root = /* @__PURE__ */ ctx.withRootProvider(DialogRoot, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const RootProvider = /* @__PURE__ */ ctx.withRootProvider(DialogRootProvider, {
  defaultProps: { lazyMount: true, unmountOnExit: true },
});
export const Trigger = /* @__PURE__ */ ctx.withContext(DialogTrigger, 'trigger');
export const Backdrop = /* @__PURE__ */ ctx.withContext(DialogBackdrop, 'backdrop');
export const Positioner = /* @__PURE__ */ ctx.withContext(DialogPositioner, 'positioner');
export const Content = /* @__PURE__ */ ctx.withContext(DialogContent, 'content');
export const Title = /* @__PURE__ */ ctx.withContext(DialogTitle, 'title');
export const Description = /* @__PURE__ */ ctx.withContext(DialogDescription, 'description');
export const Body = /* @__PURE__ */ ctx.withContext('div', 'body');
export const Footer = /* @__PURE__ */ ctx.withContext('div', 'footer');

const StyledCloseTrigger = /* @__PURE__ */ ctx.withContext(DialogCloseTrigger, 'closeTrigger');

export type CloseTriggerProps = DialogCloseTriggerProps & { 'aria-label': string };
/** The round × button in the corner. `aria-label` is required; children default to the close icon. */
export const CloseTrigger = ({ children, ...props }: CloseTriggerProps) => (
  <StyledCloseTrigger {...props}>{children ?? <CloseIcon />}</StyledCloseTrigger>
);

/** Unstyled close trigger for footer buttons: `<Dialog.ActionTrigger asChild><Button>…</Button></Dialog.ActionTrigger>`. */
export const ActionTrigger = DialogCloseTrigger;

export { DialogContext as Context, useDialogContext as useContext } from '@ark-ui/react/dialog';
export type RootProps = ComponentProps<typeof Root>;
export type ContentProps = ComponentProps<typeof Content>;
