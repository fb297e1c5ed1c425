import type { CollectionItem } from '@ark-ui/react/collection';
import {
  ComboboxClearTrigger,
  type ComboboxClearTriggerProps,
  ComboboxContent,
  ComboboxControl,
  ComboboxEmpty,
  ComboboxInput,
  ComboboxItem,
  ComboboxItemGroup,
  ComboboxItemGroupLabel,
  ComboboxItemIndicator,
  type ComboboxItemIndicatorProps,
  ComboboxItemText,
  ComboboxLabel,
  ComboboxList,
  ComboboxPositioner,
  ComboboxRoot,
  type ComboboxRootProps,
  ComboboxTrigger,
  type ComboboxTriggerProps,
} from '@ark-ui/react/combobox';
import type { JSX } from 'react';
import { type ComboboxVariantProps, combobox } from '../../styled-system/recipes';
import { CheckIcon, ChevronDownIcon, CloseIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(combobox);

/**
 * Combobox (Ark Combobox): a text input that filters a list, e.g. the country of residence.
 * Filter the collection yourself on `onInputValueChange` (see Ark's `useListCollection` with
 * `useFilter`), and pass `aria-label`s to Trigger and ClearTrigger (Ark's defaults are English).
 *
 *   <Combobox.Root collection={collection} onInputValueChange={…} onValueChange={…}>
 *     <Combobox.Label>…</Combobox.Label>
 *     <Combobox.Control>
 *       <Combobox.Input placeholder={…} />
 *       <Combobox.ClearTrigger aria-label={…} />
 *       <Combobox.Trigger aria-label={…} />
 *     </Combobox.Control>
 *     <Combobox.Positioner>
 *       <Combobox.Content>
 *         <Combobox.Empty>…</Combobox.Empty>
 *         {collection.items.map((item) => (
 *           <Combobox.Item key={item.value} item={item}>
 *             <Combobox.ItemText>{item.label}</Combobox.ItemText><Combobox.ItemIndicator />
 *           </Combobox.Item>
 *         ))}
 *       </Combobox.Content>
 *     </Combobox.Positioner>
 *   </Combobox.Root>
 */
export type RootProps<T extends CollectionItem> = ComboboxRootProps<T> & ComboboxVariantProps;
export const Root = /* @__PURE__ */ ctx.withProvider(ComboboxRoot, 'root', {
  defaultProps: { positioning: { sameWidth: true, gutter: 4 }, lazyMount: true, unmountOnExit: true },
}) as <T extends CollectionItem>(props: RootProps<T>) => JSX.Element;

export const Label = /* @__PURE__ */ ctx.withContext(ComboboxLabel, 'label');
export const Control = /* @__PURE__ */ ctx.withContext(ComboboxControl, 'control');
export const Input = /* @__PURE__ */ ctx.withContext(ComboboxInput, 'input');
export const Positioner = /* @__PURE__ */ ctx.withContext(ComboboxPositioner, 'positioner');
export const Content = /* @__PURE__ */ ctx.withContext(ComboboxContent, 'content');
export const List = /* @__PURE__ */ ctx.withContext(ComboboxList, 'list');
export const Item = /* @__PURE__ */ ctx.withContext(ComboboxItem, 'item');
export const ItemText = /* @__PURE__ */ ctx.withContext(ComboboxItemText, 'itemText');
export const ItemGroup = /* @__PURE__ */ ctx.withContext(ComboboxItemGroup, 'itemGroup');
export const ItemGroupLabel = /* @__PURE__ */ ctx.withContext(ComboboxItemGroupLabel, 'itemGroupLabel');
export const Empty = /* @__PURE__ */ ctx.withContext(ComboboxEmpty, 'empty');

const StyledTrigger = /* @__PURE__ */ ctx.withContext(ComboboxTrigger, 'trigger');
export const Trigger = ({ children, ...props }: ComboboxTriggerProps) => (
  <StyledTrigger {...props}>{children ?? <ChevronDownIcon />}</StyledTrigger>
);

const StyledClearTrigger = /* @__PURE__ */ ctx.withContext(ComboboxClearTrigger, 'clearTrigger');
export const ClearTrigger = ({ children, ...props }: ComboboxClearTriggerProps) => (
  <StyledClearTrigger {...props}>{children ?? <CloseIcon />}</StyledClearTrigger>
);

const StyledItemIndicator = /* @__PURE__ */ ctx.withContext(ComboboxItemIndicator, 'itemIndicator');
export const ItemIndicator = ({ children, ...props }: ComboboxItemIndicatorProps) => (
  <StyledItemIndicator {...props}>{children ?? <CheckIcon />}</StyledItemIndicator>
);

export {
  ComboboxContext as Context,
  createListCollection,
  useComboboxContext as useContext,
  useListCollection,
} from '@ark-ui/react/combobox';
export { useFilter } from '@ark-ui/react/locale';
