import { TabContent, TabIndicator, TabList, TabsRoot, TabTrigger } from '@ark-ui/react/tabs';
import { tabs } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(tabs);

/**
 * Tabs (Ark): real tablist/tab/tabpanel roles, arrow keys (mirrored in RTL), Home/End.
 *
 *   <Tabs.Root defaultValue="about" lazyMount>
 *     <Tabs.List aria-label="…">
 *       <Tabs.Trigger value="about">About</Tabs.Trigger>
 *       <Tabs.Indicator />
 *     </Tabs.List>
 *     <Tabs.Content value="about">…</Tabs.Content>
 *   </Tabs.Root>
 */
export const Root = /* @__PURE__ */ ctx.withProvider(TabsRoot, 'root');
export const List = /* @__PURE__ */ ctx.withContext(TabList, 'list');
export const Trigger = /* @__PURE__ */ ctx.withContext(TabTrigger, 'trigger');
export const Content = /* @__PURE__ */ ctx.withContext(TabContent, 'content');
export const Indicator = /* @__PURE__ */ ctx.withContext(TabIndicator, 'indicator');
