import {
  RadioGroupItem,
  RadioGroupItemControl,
  RadioGroupItemHiddenInput,
  RadioGroupItemText,
  RadioGroupLabel,
  RadioGroupRoot,
} from '@ark-ui/react/radio-group';
import { radioGroup } from '../../styled-system/recipes';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(radioGroup);

/**
 *   <RadioGroup.Root value={v} onValueChange={(e) => set(e.value)}>
 *     <RadioGroup.Label>…</RadioGroup.Label>
 *     {options.map((o) => (
 *       <RadioGroup.Item key={o.value} value={o.value}>
 *         <RadioGroup.ItemControl />
 *         <RadioGroup.ItemText>{o.label}</RadioGroup.ItemText>
 *         <RadioGroup.ItemHiddenInput />
 *       </RadioGroup.Item>
 *     ))}
 *   </RadioGroup.Root>
 */
export const Root = /* @__PURE__ */ ctx.withProvider(RadioGroupRoot, 'root');
export const Label = /* @__PURE__ */ ctx.withContext(RadioGroupLabel, 'label');
export const Item = /* @__PURE__ */ ctx.withContext(RadioGroupItem, 'item');
export const ItemControl = /* @__PURE__ */ ctx.withContext(RadioGroupItemControl, 'itemControl');
export const ItemText = /* @__PURE__ */ ctx.withContext(RadioGroupItemText, 'itemText');
export const ItemHiddenInput = RadioGroupItemHiddenInput;
