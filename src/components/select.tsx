import type { CollectionItem } from '@ark-ui/react/collection';
import {
  SelectClearTrigger,
  SelectContent,
  SelectControl,
  SelectHiddenSelect,
  SelectIndicator,
  type SelectIndicatorProps,
  SelectItem,
  SelectItemGroup,
  SelectItemGroupLabel,
  SelectItemIndicator,
  type SelectItemIndicatorProps,
  SelectItemText,
  SelectLabel,
  SelectList,
  SelectPositioner,
  SelectRoot,
  type SelectRootProps,
  SelectTrigger,
  SelectValueText,
} from '@ark-ui/react/select';
import type { JSX, ReactNode } from 'react';
import { type SelectVariantProps, select } from '../../styled-system/recipes';
import { CheckIcon, ChevronDownIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(select);

/**
 * Select (Ark Select, a listbox with typeahead):
 *
 *   const collection = createListCollection({ items: [{ label: …, value: 'sa' }, …] });
 *   <Select.Root collection={collection} value={v} onValueChange={(e) => set(e.value)}>
 *     <Select.Label>…</Select.Label>
 *     <Select.Control>
 *       <Select.Trigger><Select.ValueText placeholder={…} /><Select.Indicator /></Select.Trigger>
 *     </Select.Control>
 *     <Select.Positioner>
 *       <Select.Content>
 *         {collection.items.map((item) => (
 *           <Select.Item key={item.value} item={item}>
 *             <Select.ItemText>{item.label}</Select.ItemText><Select.ItemIndicator />
 *           </Select.Item>
 *         ))}
 *       </Select.Content>
 *     </Select.Positioner>
 *     <Select.HiddenSelect />
 *   </Select.Root>
 */
export type RootProps<T extends CollectionItem> = SelectRootProps<T> & SelectVariantProps;
export const Root = /* @__PURE__ */ ctx.withProvider(SelectRoot, 'root', {
  defaultProps: { positioning: { sameWidth: true, gutter: 4 }, lazyMount: true, unmountOnExit: true },
}) as <T extends CollectionItem>(props: RootProps<T>) => JSX.Element;

export const Label = /* @__PURE__ */ ctx.withContext(SelectLabel, 'label');
export const Control = /* @__PURE__ */ ctx.withContext(SelectControl, 'control');
export const Trigger = /* @__PURE__ */ ctx.withContext(SelectTrigger, 'trigger');
export const ValueText = /* @__PURE__ */ ctx.withContext(SelectValueText, 'valueText');
export const ClearTrigger = /* @__PURE__ */ ctx.withContext(SelectClearTrigger, 'clearTrigger');
export const Positioner = /* @__PURE__ */ ctx.withContext(SelectPositioner, 'positioner');
export const Content = /* @__PURE__ */ ctx.withContext(SelectContent, 'content');
export const List = /* @__PURE__ */ ctx.withContext(SelectList, 'list');
export const Item = /* @__PURE__ */ ctx.withContext(SelectItem, 'item');
export const ItemText = /* @__PURE__ */ ctx.withContext(SelectItemText, 'itemText');
export const ItemGroup = /* @__PURE__ */ ctx.withContext(SelectItemGroup, 'itemGroup');
export const ItemGroupLabel = /* @__PURE__ */ ctx.withContext(SelectItemGroupLabel, 'itemGroupLabel');
export const HiddenSelect = SelectHiddenSelect;

const StyledIndicator = /* @__PURE__ */ ctx.withContext(SelectIndicator, 'indicator');
/** Chevron that turns when open (children override it). */
export const Indicator = ({ children, ...props }: SelectIndicatorProps) => (
  <StyledIndicator {...props}>{children ?? <ChevronDownIcon />}</StyledIndicator>
);

const StyledItemIndicator = /* @__PURE__ */ ctx.withContext(SelectItemIndicator, 'itemIndicator');
/** Check mark on the selected item (children override it). */
export const ItemIndicator = ({ children, ...props }: SelectItemIndicatorProps) => (
  <StyledItemIndicator {...props}>{children ?? <CheckIcon />}</StyledItemIndicator>
);

export {
  createListCollection,
  SelectContext as Context,
  useSelectContext as useContext,
} from '@ark-ui/react/select';

/**
 * The open list: positioner, content and one item per entry with its check mark, the anatomy every
 * select repeats. `label` gives an item's text; `itemClassName` styles each item.
 */
export function Options<T extends CollectionItem>({
  items,
  itemKey,
  label,
  itemClassName,
}: {
  items: readonly T[];
  itemKey: (item: T) => string;
  label: (item: T) => ReactNode;
  itemClassName?: string;
}) {
  return (
    <>
      <Positioner>
        <Content>
          {items.map((item) => (
            <Item key={itemKey(item)} item={item} className={itemClassName}>
              <ItemText>{label(item)}</ItemText>
              <ItemIndicator />
            </Item>
          ))}
        </Content>
      </Positioner>
      <HiddenSelect />
    </>
  );
}
