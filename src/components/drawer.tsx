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
import { drawer } from '../../styled-system/recipes';
import { CloseIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(drawer);

/**
 * Side drawer built on Ark Dialog (focus trap, Escape, outside click, scroll lock). It slides in
 * from the inline end: from the right in LTR, mirrored from the left in RTL; full height,
 * min(320px, 85vw) wide.
 *
 *   <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
 *     <Drawer.Trigger asChild><IconButton aria-label={…}><MenuIcon /></IconButton></Drawer.Trigger>
 *     <Drawer.Backdrop />
 *     <Drawer.Positioner>
 *       <Drawer.Content>
 *         <Drawer.Header><Drawer.Title>…</Drawer.Title></Drawer.Header>
 *         <Drawer.Body>…</Drawer.Body>
 *         <Drawer.CloseTrigger aria-label={…} />
 *       </Drawer.Content>
 *     </Drawer.Positioner>
 *   </Drawer.Root>
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
export const Header = /* @__PURE__ */ ctx.withContext('div', 'header');
export const Body = /* @__PURE__ */ ctx.withContext('div', 'body');
export const Footer = /* @__PURE__ */ ctx.withContext('div', 'footer');

const StyledCloseTrigger = /* @__PURE__ */ ctx.withContext(DialogCloseTrigger, 'closeTrigger');

export type CloseTriggerProps = DialogCloseTriggerProps & { 'aria-label': string };
/** The round × button in the top corner (inline end). `aria-label` is required. */
export const CloseTrigger = ({ children, ...props }: CloseTriggerProps) => (
  <StyledCloseTrigger {...props}>{children ?? <CloseIcon />}</StyledCloseTrigger>
);

/** Unstyled close trigger, e.g. around a nav link so choosing an entry closes the drawer. */
export const ActionTrigger = DialogCloseTrigger;

export { DialogContext as Context, useDialogContext as useContext } from '@ark-ui/react/dialog';
export type RootProps = ComponentProps<typeof Root>;
