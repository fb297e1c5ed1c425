import {
  DialogBackdrop,
  DialogCloseTrigger,
  type DialogCloseTriggerProps,
  DialogContent,
  DialogDescription,
  DialogPositioner,
  DialogRoot,
  DialogTitle,
  DialogTrigger,
} from '@ark-ui/react/dialog';
import type { ReactElement } from 'react';
import { dialog } from '../../styled-system/recipes';
import { CloseIcon } from '../theme/icons';
import { createStyleContext, type Slot, type SlotRecipe } from './create-style-context';

type DialogSlot =
  | 'trigger'
  | 'backdrop'
  | 'positioner'
  | 'content'
  | 'title'
  | 'description'
  | 'body'
  | 'footer'
  | 'closeTrigger';

type CloseTriggerProps = DialogCloseTriggerProps & { 'aria-label': string };

/**
 * The parts of an Ark Dialog (focus trap, Escape and outside click close, scroll lock, aria-modal)
 * styled by a slot recipe that has the dialog's slots: the modal dialog below, the side drawer in
 * ./drawer. Both mount lazily and unmount on close.
 */
export function createDialogParts<R extends SlotRecipe>(recipe: R) {
  const ctx = createStyleContext(recipe);
  const slot = (name: DialogSlot) => name as Slot<R>;
  const lazy = { defaultProps: { lazyMount: true, unmountOnExit: true } };
  return {
    ctx,
    Root: ctx.withRootProvider(DialogRoot, lazy),
    Trigger: ctx.withContext(DialogTrigger, slot('trigger')),
    Backdrop: ctx.withContext(DialogBackdrop, slot('backdrop')),
    Positioner: ctx.withContext(DialogPositioner, slot('positioner')),
    Content: ctx.withContext(DialogContent, slot('content')),
    Title: ctx.withContext(DialogTitle, slot('title')),
    Description: ctx.withContext(DialogDescription, slot('description')),
    Body: ctx.withContext('div', slot('body')),
    Footer: ctx.withContext('div', slot('footer')),
    /** The round × button in the corner. `aria-label` is required; children default to the close icon. */
    CloseTrigger: ctx.withContext(DialogCloseTrigger, slot('closeTrigger'), {
      defaultProps: { children: <CloseIcon /> },
    }) as (props: CloseTriggerProps) => ReactElement,
  };
}

/**
 * Modal dialog.
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
export const { Root, Trigger, Backdrop, Positioner, Content, Title, Description, Footer, CloseTrigger } =
  /* @__PURE__ */ createDialogParts(dialog);

/** Unstyled close trigger for footer buttons: `<Dialog.ActionTrigger asChild><Button>…</Button></Dialog.ActionTrigger>`. */
export const ActionTrigger = DialogCloseTrigger;
