import {
  RadioGroupItem,
  RadioGroupItemControl,
  type RadioGroupItemControlProps,
  RadioGroupItemHiddenInput,
  RadioGroupItemText,
  RadioGroupLabel,
  RadioGroupRoot,
} from '@ark-ui/react/radio-group';
import { radioCardGroup } from '../../styled-system/recipes';
import { CheckIcon } from '../theme/icons';
import { createStyleContext } from './create-style-context';

const ctx = /* @__PURE__ */ createStyleContext(radioCardGroup);

/**
 * A radio group laid out as a responsive grid of cards, e.g. choosing an avatar image
 * (`size` sets the minimum card width: sm 72px, md 96px, lg 144px).
 *
 *   <RadioCardGroup.Root value={avatar} onValueChange={(e) => setAvatar(e.value)}>
 *     <RadioCardGroup.Label>…</RadioCardGroup.Label>
 *     {avatars.map((a) => (
 *       <RadioCardGroup.Item key={a.id} value={a.id}>
 *         <img src={a.url} alt="" />
 *         <RadioCardGroup.ItemText className={srOnly()}>{a.name}</RadioCardGroup.ItemText>
 *         <RadioCardGroup.ItemControl />
 *         <RadioCardGroup.ItemHiddenInput />
 *       </RadioCardGroup.Item>
 *     ))}
 *   </RadioCardGroup.Root>
 */
export const Root = /* @__PURE__ */ ctx.withProvider(RadioGroupRoot, 'root');
export const Label = /* @__PURE__ */ ctx.withContext(RadioGroupLabel, 'label');
export const Item = /* @__PURE__ */ ctx.withContext(RadioGroupItem, 'item');
export const ItemText = /* @__PURE__ */ ctx.withContext(RadioGroupItemText, 'itemText');
export const ItemHiddenInput = RadioGroupItemHiddenInput;

const StyledItemControl = /* @__PURE__ */ ctx.withContext(RadioGroupItemControl, 'itemControl');
/** Round check badge in the card's corner, visible when selected. */
export const ItemControl = ({ children, ...props }: RadioGroupItemControlProps) => (
  <StyledItemControl {...props}>{children ?? <CheckIcon />}</StyledItemControl>
);
