import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import type { ComponentProps } from 'react';
import { drawer } from '../../styled-system/recipes';
import { CloseIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const { withRootProvider, withContext } = createStyleContext(drawer);

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
export const Header = /* @__PURE__ */ withContext('div', 'header');
export const Body = /* @__PURE__ */ withContext('div', 'body');
export const Footer = /* @__PURE__ */ withContext('div', 'footer');

const StyledCloseTrigger = /* @__PURE__ */ withContext(ArkDialog.CloseTrigger, 'closeTrigger');

export type CloseTriggerProps = ArkDialog.CloseTriggerProps & { 'aria-label': string };
/** The round × button in the top corner (inline end). `aria-label` is required. */
export const CloseTrigger = ({ children, ...props }: CloseTriggerProps) => (
  <StyledCloseTrigger {...props}>{children ?? <CloseIcon />}</StyledCloseTrigger>
);

/** Unstyled close trigger, e.g. around a nav link so choosing an entry closes the drawer. */
export const ActionTrigger = ArkDialog.CloseTrigger;

export { DialogContext as Context, useDialogContext as useContext } from '@ark-ui/react/dialog';
export type RootProps = ComponentProps<typeof Root>;
