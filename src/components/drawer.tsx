import { Portal } from '@ark-ui/react/portal';
import { drawer } from '../../styled-system/recipes';
import { createDialogParts } from './dialog';

const parts = /* @__PURE__ */ createDialogParts(drawer);

/**
 * Side drawer built on Ark Dialog (see ./dialog). It slides in from the inline end: from the right
 * in LTR, mirrored from the left in RTL; full height, min(320px, 85vw) wide.
 *
 * Backdrop and Positioner always go in a Portal (to the end of body): `position: fixed` is only
 * fixed to the screen when no ancestor has a transform, filter or backdrop-filter (the site header
 * has one), and a drawer inside the header was the header's size on phones (issue 21).
 *
 *   <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
 *     <Drawer.Trigger asChild><IconButton aria-label={…}><MenuIcon /></IconButton></Drawer.Trigger>
 *     <Drawer.Portal>
 *       <Drawer.Backdrop />
 *       <Drawer.Positioner>
 *         <Drawer.Content>
 *           <Drawer.Header><Drawer.Title>…</Drawer.Title></Drawer.Header>
 *           <Drawer.Body>…</Drawer.Body>
 *           <Drawer.CloseTrigger aria-label={…} />
 *         </Drawer.Content>
 *       </Drawer.Positioner>
 *     </Drawer.Portal>
 *   </Drawer.Root>
 */
export const { Root, Trigger, Backdrop, Positioner, Content, Title, Body, CloseTrigger } = parts;
export const Header = /* @__PURE__ */ parts.ctx.withContext('div', 'header');
export { Portal };
